/** The enumerated columns of the books, apart from the models so routes can validate against them. */
export const GATEWAY_ORDER_STATES = [
  "open",
  /** Its session became a Medusa payment, which reconciliation follows from here. */
  "attached",
  /** Paid with no live session, then voided or refunded in full. */
  "settled",
  /** Such an order only recorded (`orphans: "report"`) or not settleable: the admin decides. */
  "unmatched",
  "closed",
] as const

/** recordOpened writes rows in one statement, with ids made the same way. */
export const GATEWAY_ORDER_ID_PREFIX = "agord"

export const MOVEMENT_KINDS = ["capture", "cancel", "refund", "review"] as const
export const MOVEMENT_OUTCOMES = ["done", "refused", "failed"] as const

export const NOTIFICATION_HOOKS = ["notify", "payout"] as const
export const NOTIFICATION_VERDICTS = ["accepted", "refused", "failed"] as const

/** How a kept authorisation ended: voided (its replacement paid, or its order canceled) or adopted. */
export const KEPT_OUTCOMES = ["voided_replacement_paid", "voided_order_canceled", "adopted"] as const
