/** The spec shows only a few status values (§3); the rest are inferred and the merchant may remap them. */

/** Only 3000 (paid) and 4100 (refund record) are seen. */
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

export const ENTRY_STATUS = { OK: "1", FAILED: "0" } as const

export const REFUND_STATUS = { FAILED: "0", REFUNDED: "1", PROCESSING: "2" } as const

export const REVIEW_FLAG = { ACCEPT: "1", REJECT: "0" } as const

export const PAYOUT_STATUS = {
  PENDING: "PENDING",
  PROCESSING: "PROCESSING",
  COMPLETED: "COMPLETED",
  FAILED: "FAILED",
} as const

export const RETURN_OK = "1"

/** The spec §7.7 confirms some codes; the rest are the sandbox's choices within the documented families. */
export const ERROR_CODES = {
  SIGNATURE: "I0013",
  TEST_ACCOUNT_ON_LIVE: "I0014",
  LIVE_ACCOUNT_ON_TEST: "I0015",
  DUPLICATE_ORDER_NO: "I0061",
  NOT_PRE_AUTHORISED: "A0007",
  CAPTURE_TIME_LIMIT: "A0009",
  HIGH_RISK: "R0000",
  /** inferred */
  MISSING_FIELD: "I0001",
  INVALID_FIELD: "I0002",
  UNKNOWN_MERCHANT: "I0003",
  UNKNOWN_ACCOUNT: "I0004",
  AMOUNT_MISMATCH: "I0021",
  TOO_MANY_ORDERS: "I0040",
  IP_NOT_REGISTERED: "I0070",
  SYSTEM: "S0001",
} as const

/** The engine's query results (inferred): `query_result`, a failed query's `return_status`, notifications. */
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
