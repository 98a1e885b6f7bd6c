/** A payout's states. Kept free of imports: the admin bundle reads it too. */
export const PAYOUT_STATUSES = ["pending", "processing", "completed", "failed"] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]
