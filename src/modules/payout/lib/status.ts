import { PAYOUT_STATUS } from "../../../gateway/status-codes"
import type { PayoutStatus } from "../models/payout"

/** Gateway payout `status` → local status. Only COMPLETED is seen (gateway-interface.md §3); the rest inferred. */
const FROM_GATEWAY: Record<string, PayoutStatus> = {
  [PAYOUT_STATUS.PENDING]: "pending",
  [PAYOUT_STATUS.PROCESSING]: "processing",
  [PAYOUT_STATUS.COMPLETED]: "completed",
  [PAYOUT_STATUS.FAILED]: "failed",
}

/**
 * Unknown gateway statuses become "processing": not final, so a later known status
 * (notification or retry) can still settle the payout; the raw text is kept in gateway_status.
 */
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

/**
 * Whether an update carrying `next` may be applied over `current`: a final status never
 * changes (notifications arrive late, twice, out of order), and a status never moves back.
 * The same status is accepted so that details (ids, fees, timestamps) can fill in.
 */
export function canTransition(current: PayoutStatus, next: PayoutStatus): boolean {
  if (isFinalStatus(current)) return false
  return RANK[next] >= RANK[current]
}
