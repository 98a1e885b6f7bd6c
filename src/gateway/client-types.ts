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
  signal?: AbortSignal
}

export type BatchEnvelope<R> = Omit<R, BatchArray<BatchOperation>>

/**
 * A batch split into requests of at most the limit. A request that failed as a whole never hides the
 * others: its orders are listed in `failed` with the error.
 */
export interface BatchResult<Entry, Order, Response> {
  results: Entry[]
  responses: Array<BatchEnvelope<Response> & { account_id?: string }>
  failed: Array<{ orders: Order[]; error: GatewayError }>
  requests: number
}

export interface RetrievalInput {
  /** Split into requests of ≤ 100. */
  orders?: string[]
  trades?: string[]
}

export type BatchMethod<Op extends BatchOperation> = (
  req: BatchRequest<Op>,
  opts?: CallOptions,
) => Promise<BatchResult<BatchEntry<Op>, BatchOrder<Op>, BatchResponse<Op>>>
export type BatchMethods = { [Op in BatchOperation]: BatchMethod<Op> }

export interface GatewayClient extends BatchMethods {
  checkout(req: CheckoutRequest, opts?: CallOptions): Promise<CheckoutResponse>
  authorise(req: AuthoriseRequest, opts?: CallOptions): Promise<AuthoriseResponse>
  /** Throws on failure: queries are retried, no partial effect to keep. */
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
   * Verify a notification with `row`'s rule (every signed field present and in its format); throws
   * GatewaySignatureError or GatewayBadResponseError. Never trusted alone: confirm with retrieveTransactions.
   */
  parseNotification(body: string | Record<string, unknown>, row?: NotificationRow): Notification
  accounts(): Array<{ account_id: string; currencies?: string[] }>
  /** undefined when no account takes it. */
  accountFor(currency: string): string | undefined
}
