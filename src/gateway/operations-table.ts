import type { z } from "zod"
import {
  AuthoriseRequest,
  AuthoriseResponse,
  CancelOrder,
  CancelResponse,
  CaptureOrder,
  CaptureResponse,
  CheckoutRequest,
  CheckoutResponse,
  PayoutRequest,
  PayoutResponse,
  RefundOrder,
  RefundResponse,
  RetrievalRefundResponse,
  RetrievalSelection,
  RetrievalTransResponse,
  ReviewOrder,
  ReviewResponse,
} from "./schemas"

/**
 * One row per gateway operation, the only place one is declared. Options may override encodings,
 * signature rows and limits; the rest is fixed by the gateway. Batch methods derive from rows with `batch`.
 */
export const OPERATIONS = [
  "checkout",
  "authorise",
  "retrievalTrans",
  "capture",
  "review",
  "cancel",
  "refund",
  "retrievalRefund",
  "payout",
] as const
export type Operation = (typeof OPERATIONS)[number]

/** form: x-www-form-urlencoded, bracket notation for nesting. */
export const ENCODINGS = ["json", "form", "xml"] as const
export type Encoding = (typeof ENCODINGS)[number]

/** Decoding still sniffs the actual bytes. */
export type ResponseKind = "json" | "xml" | "html"

export interface OperationSpec {
  path: `/v1/${Operation}`
  /** Documented (or, where not shown, inferred) request body type. */
  encoding: Encoding
  responseKind: ResponseKind
  /** What the caller gives; for a batch, one order of its array (each is checked on its own). */
  request: z.ZodType
  /** The answer's fields (checkout: the form parsed from the hosted page). */
  response: z.ZodType
  /** Array of order entries in a batch operation, with its per-request limit (gateway-interface.md §8). */
  batch?: { array: string; limit: number }
  /** Selection limit for the retrievals (gateway-interface.md §8). */
  selectionLimit?: number
  /** Signed values in order, before sign_key (gateway-interface.md §5.4); `a[].b` means every b of array a. */
  sign: readonly string[]
  /** A retry can never double an effect (pure queries). */
  idempotent: boolean
}

const ids = ["merchant_id", "account_id"] as const

export const OPERATION_TABLE = {
  checkout: {
    path: "/v1/checkout",
    encoding: "xml",
    responseKind: "html",
    request: CheckoutRequest,
    response: CheckoutResponse,
    sign: [...ids, "order_no", "currency", "amount", "return_url"],
    idempotent: false,
  },
  authorise: {
    path: "/v1/authorise",
    encoding: "form",
    responseKind: "xml",
    request: AuthoriseRequest,
    response: AuthoriseResponse,
    sign: [...ids, "order_no", "currency", "amount", "return_url"],
    idempotent: false,
  },
  retrievalTrans: {
    path: "/v1/retrievalTrans",
    encoding: "form",
    responseKind: "json",
    request: RetrievalSelection,
    response: RetrievalTransResponse,
    selectionLimit: 100,
    sign: ids,
    idempotent: true,
  },
  capture: {
    path: "/v1/capture",
    encoding: "json",
    responseKind: "json",
    request: CaptureOrder,
    response: CaptureResponse,
    batch: { array: "capture_orders", limit: 50 },
    sign: [...ids, "capture_orders[].transaction_id"],
    idempotent: false,
  },
  review: {
    path: "/v1/review",
    encoding: "json",
    responseKind: "json",
    request: ReviewOrder,
    response: ReviewResponse,
    batch: { array: "review_orders", limit: 100 },
    sign: [...ids, "review_orders[].transaction_id"],
    idempotent: false,
  },
  cancel: {
    path: "/v1/cancel",
    encoding: "json",
    responseKind: "json",
    request: CancelOrder,
    response: CancelResponse,
    batch: { array: "cancel_orders", limit: 50 },
    sign: [...ids, "cancel_orders[].transaction_id"],
    idempotent: false,
  },
  refund: {
    path: "/v1/refund",
    encoding: "json",
    responseKind: "json",
    request: RefundOrder,
    response: RefundResponse,
    batch: { array: "refund_orders", limit: 50 },
    sign: [...ids, "refund_orders[].transaction_id"],
    idempotent: false,
  },
  retrievalRefund: {
    path: "/v1/retrievalRefund",
    encoding: "form",
    responseKind: "json",
    request: RetrievalSelection,
    response: RetrievalRefundResponse,
    selectionLimit: 100,
    sign: ids,
    idempotent: true,
  },
  payout: {
    path: "/v1/payout",
    encoding: "json",
    responseKind: "json",
    request: PayoutRequest,
    response: PayoutResponse,
    sign: [...ids, "request_id", "payment_currency", "payment_amount"],
    idempotent: false,
  },
} as const satisfies Record<Operation, OperationSpec>

type Table = typeof OPERATION_TABLE

/** The operations that take an array of orders: capture, review, cancel, refund. */
export type BatchOperation = { [Op in Operation]: Table[Op] extends { batch: object } ? Op : never }[Operation]
export const BATCH_OPERATIONS = OPERATIONS.filter((op): op is BatchOperation => "batch" in OPERATION_TABLE[op])

/** Name of the operation's order array, e.g. `capture_orders`. */
export type BatchArray<Op extends BatchOperation> = Table[Op]["batch"]["array"]
/** One order as the caller writes it. */
export type BatchOrder<Op extends BatchOperation> = z.input<Table[Op]["request"]>
/** One answer, as validated. */
export type BatchResponse<Op extends BatchOperation> = z.infer<Table[Op]["response"]>
/** One per-order entry of an answer. */
export type BatchEntry<Op extends BatchOperation> =
  BatchResponse<Op>[BatchArray<Op>] extends Array<infer Entry> ? Entry : never
/** What the caller passes: `{ capture_orders: [...] }`. */
export type BatchRequest<Op extends BatchOperation> = { [Array in BatchArray<Op>]: BatchOrder<Op>[] }
