/**
 * One row per gateway operation: path, body encodings, batch array and limit,
 * and the default signature field list. Options may override encodings,
 * signature rows and limits; everything else is fixed by the spec.
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

/** Body encodings: form = application/x-www-form-urlencoded (bracket notation for nesting). */
export const ENCODINGS = ["json", "form", "xml"] as const
export type Encoding = (typeof ENCODINGS)[number]

/** What the response body is expected to be; decoding still sniffs the actual bytes. */
export type ResponseKind = "json" | "xml" | "html"

export interface OperationSpec {
  path: `/v1/${Operation}`
  /** Documented (or, where not shown, inferred) request body type; see docs/assumptions.md. */
  request: Encoding
  response: ResponseKind
  /** Array of order entries in a batch operation, with its per-request limit (gateway-interface.md §8). */
  batch?: { array: string; limit: number }
  /** Selection limit for the retrievals (gateway-interface.md §8). */
  selectionLimit?: number
  /** Signed values in order, before sign_key (gateway-interface.md §5.4); `a[].b` means every b of array a. */
  sign: string[]
  /** A retry can never double an effect (pure queries). */
  idempotent: boolean
}

const ids = ["merchant_id", "account_id"]

export const OPERATION_TABLE: Record<Operation, OperationSpec> = {
  checkout: {
    path: "/v1/checkout",
    request: "xml",
    response: "html",
    sign: [...ids, "order_no", "currency", "amount", "return_url"],
    idempotent: false,
  },
  authorise: {
    path: "/v1/authorise",
    request: "form",
    response: "xml",
    sign: [...ids, "order_no", "currency", "amount", "return_url"],
    idempotent: false,
  },
  retrievalTrans: {
    path: "/v1/retrievalTrans",
    request: "form",
    response: "json",
    selectionLimit: 100,
    sign: ids,
    idempotent: true,
  },
  capture: {
    path: "/v1/capture",
    request: "json",
    response: "json",
    batch: { array: "capture_orders", limit: 50 },
    sign: [...ids, "capture_orders[].transaction_id"],
    idempotent: false,
  },
  review: {
    path: "/v1/review",
    request: "json",
    response: "json",
    batch: { array: "review_orders", limit: 100 },
    sign: [...ids, "review_orders[].transaction_id"],
    idempotent: false,
  },
  cancel: {
    path: "/v1/cancel",
    request: "json",
    response: "json",
    batch: { array: "cancel_orders", limit: 50 },
    sign: [...ids, "cancel_orders[].transaction_id"],
    idempotent: false,
  },
  refund: {
    path: "/v1/refund",
    request: "json",
    response: "json",
    batch: { array: "refund_orders", limit: 50 },
    sign: [...ids, "refund_orders[].transaction_id"],
    idempotent: false,
  },
  retrievalRefund: {
    path: "/v1/retrievalRefund",
    request: "form",
    response: "json",
    selectionLimit: 100,
    sign: ids,
    idempotent: true,
  },
  payout: {
    path: "/v1/payout",
    request: "json",
    response: "json",
    sign: [...ids, "request_id", "payment_currency", "payment_amount"],
    idempotent: false,
  },
}

/**
 * Error codes (gateway-interface.md §7.7: `<letter><4 digits>`). Confirmed ones carry their documented meaning;
 * the rest are the sandbox's choices within the documented families (docs/assumptions.md).
 */
export const ERROR_CODES = {
  /** confirmed */
  SIGNATURE: "I0013",
  TEST_ACCOUNT_ON_LIVE: "I0014",
  LIVE_ACCOUNT_ON_TEST: "I0015",
  DUPLICATE_ORDER_NO: "I0061",
  NOT_PRE_AUTHORISED: "A0007",
  CAPTURE_TIME_LIMIT: "A0009",
  HIGH_RISK: "R0000",
  /** inferred within the I00xx input/merchant-validation family */
  MISSING_FIELD: "I0001",
  INVALID_FIELD: "I0002",
  UNKNOWN_MERCHANT: "I0003",
  UNKNOWN_ACCOUNT: "I0004",
  AMOUNT_MISMATCH: "I0021",
  TOO_MANY_ORDERS: "I0040",
  IP_NOT_REGISTERED: "I0070",
  /** system */
  SYSTEM: "S0001",
} as const

/**
 * Query result codes of the engine (gateway-interface.md §3, inferred): behind `query_result`, the
 * top-level `return_status` of a failed query and notifications.
 */
export const QUERY_RESULT = {
  WAITING_REVIEW: "-2",
  PENDING: "-1",
  FAILED: "0",
  SUCCESS: "1",
  NOT_FOUND: "2",
  INCOMPLETE: "3",
  TOO_MANY: "4",
  ACCESS: "5",
  SIGNATURE: "6",
  IP_NOT_REGISTERED: "7",
  SYSTEM: "999",
} as const
