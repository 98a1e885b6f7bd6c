import { normaliseAmount } from "../../../lib/acquiring/gateway-state"
import { DisputeReport, type TrackedDispute } from "../../../lib/acquiring/disputes"

export const disputeColumns = (d: TrackedDispute) => ({
  dispute_id: d.id,
  status: d.status,
  gateway_status: d.gateway_status,
  reason: d.reason,
  amount: d.amount,
  deadline: d.deadline,
  opened_at: d.opened_at,
  closed_at: d.closed_at,
  history: d.history,
})

type DisputeRow = Record<string, unknown> & { raw_amount?: { value?: unknown } | null; amount?: unknown }

/** From the exact raw value, never the float. */
function amountOf(row: DisputeRow): string | null {
  const raw = row.raw_amount?.value ?? row.amount
  return raw === null || raw === undefined ? null : normaliseAmount(String(raw))
}

export function trackedDispute(row: DisputeRow): TrackedDispute {
  const history = Array.isArray(row.history) ? row.history : []
  return {
    id: String(row.dispute_id),
    status: row.status as TrackedDispute["status"],
    gateway_status: String(row.gateway_status ?? ""),
    reason: (row.reason as string | null) ?? null,
    amount: amountOf(row),
    deadline: (row.deadline as string | null) ?? null,
    opened_at: String(row.opened_at),
    closed_at: (row.closed_at as string | null) ?? null,
    history: history.flatMap((h) => {
      const r = DisputeReport.safeParse(h)
      return r.success ? [r.data] : []
    }),
  }
}
