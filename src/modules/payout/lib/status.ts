import { PAYOUT_STATUS } from "../../../gateway/status-codes"
import type { PayoutStatus } from "../models/payout"

/** Only COMPLETED is documented (the spec §3); the rest inferred. */
const FROM_GATEWAY: Record<string, PayoutStatus> = {
  [PAYOUT_STATUS.PENDING]: "pending",
  [PAYOUT_STATUS.PROCESSING]: "processing",
  [PAYOUT_STATUS.COMPLETED]: "completed",
  [PAYOUT_STATUS.FAILED]: "failed",
}

/** Not final, so a later known status can still settle the payout. */
export function mapGatewayStatus(status: string | undefined | null): PayoutStatus {
  return (
    FROM_GATEWAY[
      String(status ?? "")
        .trim()
        .toUpperCase()
    ] ?? "processing"
  )
}

const RANK: Record<PayoutStatus, number> = { pending: 0, processing: 1, completed: 2, failed: 2 }

export const isFinalStatus = (s: PayoutStatus) => RANK[s] === 2

/** Notifications arrive late, twice, out of order: a status never moves back; the same one fills in details. */
export function canTransition(current: PayoutStatus, next: PayoutStatus): boolean {
  if (isFinalStatus(current)) return false
  return RANK[next] >= RANK[current]
}
