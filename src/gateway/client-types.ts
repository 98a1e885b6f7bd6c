import type {
  AuthoriseRequest,
  AuthoriseResponse,
  CancelOrder,
  CancelResponse,
  CancelResult,
  CaptureOrder,
  CaptureResponse,
  CaptureResult,
  CheckoutRequest,
  CheckoutResponse,
  Notification,
  OrderRecord,
  PayoutRequest,
  PayoutResponse,
  RefundOrder,
  RefundRecord,
  RefundResponse,
  RefundResult,
  RetrievalRefundResponse,
  RetrievalTransResponse,
  ReviewOrder,
  ReviewResponse,
  ReviewResult,
} from "./schemas"
import type { GatewayError } from "./errors"

/** Which account a call uses: by explicit id, else by currency, else the fallback account. */
export interface CallOptions {
  account_id?: string
  currency?: string
  /** Abort the call (in addition to the timeout option). */
  signal?: AbortSignal
}

/** Envelope of one request of a batch, without its order array. */
export type BatchEnvelope<R> = Omit<R, "capture_orders" | "cancel_orders" | "review_orders" | "refund_orders">

/**
 * Result of a batch operation split into requests of at most the limit.
 * `results` are the per-order entries of every request that answered, in request order.
 * A request that failed as a whole (network, timeout, {code,source,message}, return_status ≠ 1)
 * never hides the others: its orders are listed in `failed` with the error.
 */
export interface BatchResult<Entry, Order, Response> {
  results: Entry[]
  responses: Array<BatchEnvelope<Response> & { account_id?: string }>
  failed: Array<{ orders: Order[]; error: GatewayError }>
  requests: number
}

export interface RetrievalInput {
  /** Merchant order numbers (`orders`), any number: split into requests of ≤ 100. */
  orders?: string[]
  /** Gateway transaction ids (`trades`), any number: split into requests of ≤ 100. */
  trades?: string[]
}

export interface GatewayClient {
  checkout(req: CheckoutRequest, opts?: CallOptions): Promise<CheckoutResponse>
  authorise(req: AuthoriseRequest, opts?: CallOptions): Promise<AuthoriseResponse>
  /** Throws on failure (queries are retried; no partial effect to keep). */
  retrieveTransactions(
    sel: RetrievalInput,
    opts?: CallOptions,
  ): Promise<{ orders_list: OrderRecord[]; responses: Array<Omit<RetrievalTransResponse, "orders_list">>; requests: number }>
  capture(req: { capture_orders: CaptureOrder[] }, opts?: CallOptions): Promise<BatchResult<CaptureResult, CaptureOrder, CaptureResponse>>
  review(req: { review_orders: ReviewOrder[] }, opts?: CallOptions): Promise<BatchResult<ReviewResult, ReviewOrder, ReviewResponse>>
  cancel(req: { cancel_orders: CancelOrder[] }, opts?: CallOptions): Promise<BatchResult<CancelResult, CancelOrder, CancelResponse>>
  refund(req: { refund_orders: RefundOrder[] }, opts?: CallOptions): Promise<BatchResult<RefundResult, RefundOrder, RefundResponse>>
  retrieveRefunds(
    sel: RetrievalInput,
    opts?: CallOptions,
  ): Promise<{ refund_orders: RefundRecord[]; responses: Array<Omit<RetrievalRefundResponse, "refund_orders">>; requests: number }>
  payout(req: PayoutRequest, opts?: CallOptions): Promise<PayoutResponse>
  /**
   * Parse and verify a notification body (form-urlencoded string or already-parsed object).
   * Verifies `encryption_data` with the configured notification rule (case-insensitive,
   * constant time); throws GatewaySignatureError when it does not verify, GatewayBadResponseError
   * when the body is malformed. Never trusted alone: confirm with retrieveTransactions.
   */
  parseNotification(body: string | Record<string, unknown>): Notification
  /** Account ids configured (never the keys). */
  accounts(): Array<{ account_id: string; currencies?: string[] }>
  /** The account a call in this currency would use (bound, else fallback); undefined when none takes it. */
  accountFor(currency: string): string | undefined
}
