import type {
  AuthoriseRequest,
  AuthoriseResponse,
  CheckoutRequest,
  CheckoutResponse,
  Notification,
  NotificationRow,
  OrderRecord,
  PayoutRequest,
  PayoutResponse,
  RefundRecord,
  RetrievalRefundResponse,
  RetrievalTransResponse,
} from "./schemas"
import type {
  BatchArray,
  BatchEntry,
  BatchOperation,
  BatchOrder,
  BatchRequest,
  BatchResponse,
} from "./operations-table"
import type { GatewayError } from "./errors"

/** Which account a call uses: by explicit id, else by currency, else the fallback account. */
export interface CallOptions {
  account_id?: string
  currency?: string
  /** Abort the call (in addition to the timeout option). */
  signal?: AbortSignal
}

/** Envelope of one request of a batch, without its order array. */
export type BatchEnvelope<R> = Omit<R, BatchArray<BatchOperation>>

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

/** capture / review / cancel / refund, typed from their rows of OPERATION_TABLE. */
export type BatchMethod<Op extends BatchOperation> = (
  req: BatchRequest<Op>,
  opts?: CallOptions,
) => Promise<BatchResult<BatchEntry<Op>, BatchOrder<Op>, BatchResponse<Op>>>
export type BatchMethods = { [Op in BatchOperation]: BatchMethod<Op> }

export interface GatewayClient extends BatchMethods {
  checkout(req: CheckoutRequest, opts?: CallOptions): Promise<CheckoutResponse>
  authorise(req: AuthoriseRequest, opts?: CallOptions): Promise<AuthoriseResponse>
  /** Throws on failure (queries are retried; no partial effect to keep). */
  retrieveTransactions(
    sel: RetrievalInput,
    opts?: CallOptions,
  ): Promise<{
    orders_list: OrderRecord[]
    responses: Array<Omit<RetrievalTransResponse, "orders_list">>
    requests: number
  }>
  retrieveRefunds(
    sel: RetrievalInput,
    opts?: CallOptions,
  ): Promise<{
    refund_orders: RefundRecord[]
    responses: Array<Omit<RetrievalRefundResponse, "refund_orders">>
    requests: number
  }>
  payout(req: PayoutRequest, opts?: CallOptions): Promise<PayoutResponse>
  /**
   * Parse and verify a notification body (form-urlencoded string or already-parsed object).
   * `row`: the hook it arrived on ("order", the default, or "payout"); every field that row signs must
   * be present, non-empty and in its format. Verifies `encryption_data` with that rule (case-insensitive,
   * constant time); throws GatewaySignatureError when it does not verify, GatewayBadResponseError
   * when the body is malformed. Never trusted alone: confirm with retrieveTransactions.
   */
  parseNotification(body: string | Record<string, unknown>, row?: NotificationRow): Notification
  /** Account ids configured (never the keys). */
  accounts(): Array<{ account_id: string; currencies?: string[] }>
  /** The account a call in this currency would use (bound, else fallback); undefined when none takes it. */
  accountFor(currency: string): string | undefined
}
