/**
 * Status code tables. The spec shows only a few values (gateway-interface.md §3); the rest are
 * inferred (docs/assumptions.md) and the provider lets the merchant remap them.
 * The sandbox answers with these same tables.
 */

/** `payment_status` of order records: only 3000 (paid) and 4100 (refund record) are seen. */
export const PAYMENT_STATUS = {
  WAITING_SHOPPER: "1000", // inferred: created, shopper on the hosted page / APM pending
  REVIEW: "1100", // inferred: held by fraud review
  AUTHORISED: "2000", // inferred: authorised, awaiting capture
  PAID: "3000", // seen: paid (captured, or a sale)
  PARTIALLY_REFUNDED: "4000", // inferred
  REFUNDED: "4100", // seen on a refund record; taken as "refunded"
  CANCELLED: "5000", // inferred: voided before capture
  DECLINED: "6000", // inferred: declined / failed / rejected in review
} as const
export type PaymentStatusCode = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS]

/** Per-entry result of capture/cancel/review/refund (`1` seen = done). */
export const ENTRY_STATUS = { OK: "1", FAILED: "0" } as const

/** `refund_status`: `1` seen = refunded; processing and failed are inferred. */
export const REFUND_STATUS = { FAILED: "0", REFUNDED: "1", PROCESSING: "2" } as const

/** `review_flag`: `1` seen = accept; reject value inferred. */
export const REVIEW_FLAG = { ACCEPT: "1", REJECT: "0" } as const

/** Payout `status`: COMPLETED seen; the rest inferred. */
export const PAYOUT_STATUS = {
  PENDING: "PENDING",
  PROCESSING: "PROCESSING",
  COMPLETED: "COMPLETED",
  FAILED: "FAILED",
} as const

/** `return_status` of a successful batch or query response (gateway-interface.md §7.1). */
export const RETURN_OK = "1"

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
