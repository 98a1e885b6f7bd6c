import type { ReconcileChange } from "./change"

/** `acquiring.order.unpaid`: a live order whose money the gateway voided or refunded outside Medusa. */
export interface UnpaidEvent {
  order_id: string
  order_nos: string[]
  cause: "voided" | "refunded"
}

/** Changes that record a void or refund the gateway made and Medusa did not ask for. */
const OUTSIDE = new Set<ReconcileChange["kind"]>(["cancel", "refund"])

/** The orders those changes touched, each with its cause (a void wins over a refund). */
export function ordersTouchedOutside(applied: ReconcileChange[]): Map<string, UnpaidEvent["cause"]> {
  const touched = new Map<string, UnpaidEvent["cause"]>()
  for (const c of applied) {
    if (!c.order_id || !OUTSIDE.has(c.kind)) continue
    if (c.kind === "cancel" || !touched.has(c.order_id))
      touched.set(c.order_id, c.kind === "cancel" ? "voided" : "refunded")
  }
  return touched
}
