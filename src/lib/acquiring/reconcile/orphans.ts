import { parseTracked } from "../refunds"
import type { MoneyRow, PaymentView } from "../queries/payments"
import type { ReconcileChange } from "./change"

/**
 * Medusa writes a Capture or Refund row before calling the provider and deletes it on failure; a killed
 * process leaves it behind unconfirmed. Past `graceMs` it is an orphan: discarded, the gateway decides.
 */
export interface Orphans {
  captures: MoneyRow[]
  refunds: MoneyRow[]
}

const older = (r: MoneyRow, now: number, graceMs: number) => !!r.created_at && now - Date.parse(r.created_at) > graceMs

export function orphanRows(view: PaymentView, now: number, graceMs: number): Orphans {
  const data = view.data
  if (!data) return { captures: [], refunds: [] }
  const confirmedCaptures = new Set((data.captures ?? []).map((c) => c.id))
  const confirmedRefunds = new Set(
    parseTracked(data.refunds).flatMap((r) => (r.medusa_refund_id ? [r.medusa_refund_id] : [])),
  )
  return {
    // A captured_at means Medusa finished the capture (also an automatic one, made without a provider call).
    captures: view.captured_at
      ? []
      : view.capture_rows.filter((c) => !confirmedCaptures.has(c.id) && older(c, now, graceMs)),
    refunds: view.refund_rows.filter((r) => !confirmedRefunds.has(r.id) && older(r, now, graceMs)),
  }
}

export const hasOrphans = (o: Orphans) => o.captures.length + o.refunds.length > 0

/** The report's lines for discarded orphan rows. */
export function orphanChanges(view: PaymentView, o: Orphans): ReconcileChange[] {
  const base = {
    order_no: view.data!.order_no,
    payment_id: view.id,
    order_id: view.order_id,
    kind: "orphan_discarded" as const,
  }
  return [
    ...o.captures.map((c) => ({
      ...base,
      amount: c.amount,
      detail: `capture ${c.id} was never confirmed by the provider (interrupted call)`,
    })),
    ...o.refunds.map((r) => ({
      ...base,
      amount: r.amount,
      detail: `refund ${r.id} was never confirmed by the provider (interrupted call)`,
    })),
  ]
}
