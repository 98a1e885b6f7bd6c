/** A0007/A0009 and V0000 are documented; the rest are the sandbox's choices in the documented families. */
export const ENTRY_CODES = {
  NOT_FOUND: "I0050", // transaction_id unknown for this merchant and account
  ORDER_MISMATCH: "I0051", // order_no does not belong to transaction_id
  CURRENCY_MISMATCH: "I0052",
  AMOUNT_MISMATCH: "I0053", // entry amount is not the order amount
  BAD_REVIEW_FLAG: "I0054",
  NOT_PRE_AUTHORISED: "A0007", // capture/cancel of an order that is not authorised-awaiting-capture
  CAPTURE_OVER: "A0008", // capture above the authorised amount
  CAPTURE_TIME_LIMIT: "A0009",
  PARTIAL_CAPTURE_REFUSED: "A0011", // readings.partial_capture "refused": capture the full authorised amount
  ALREADY_CAPTURED: "A0010", // cancel after capture: refund instead
  NOT_IN_REVIEW: "R0002",
  REFUND_OK: "V0000",
  NOT_REFUNDABLE: "V0001", // order not paid, or already fully refunded
  REFUND_OVER: "V0002", // refund above what is left to refund
  // Disputes have no API operation: the sandbox's own codes.
  NOT_DISPUTABLE: "D0001", // order never captured
  DISPUTE_OPEN: "D0002", // a dispute of the order is still open
  NO_OPEN_DISPUTE: "D0003", // nothing to close
  DISPUTE_INPUT: "D0004", // reason, amount or deadline not acceptable
} as const

export const ORDER_INFO = {
  approved: "0000:Approved",
  authorised: "0000:Authorised, awaiting capture",
  declined: "E0001:Declined by issuer",
  insufficient_funds: "E0002:Insufficient funds",
  three_ds_failed: "E0003:3-D Secure authentication failed",
  shopper_cancelled: "E0004:Cancelled by shopper",
  apm_rejected: "E0005:Rejected at the payment method provider",
  expired_card: "E0006:Expired card",
  review_hold: "R0000:High risk, held for review",
  review_rejected: "R0001:Rejected in review",
  review_accepted: "0000:Accepted in review",
  cancelled: "0000:Cancelled",
  captured: "0000:Captured",
} as const
export type OrderInfo = (typeof ORDER_INFO)[keyof typeof ORDER_INFO]
