import { keptDeadline } from "../kept"
import type { OrderKept } from "../kept-orders"
import type { ReconcileChange } from "./change"

/** Kept authorisations of these providers whose capture window closes soon or has closed. */
export function keptExpiring(orders: OrderKept[], providerIds: string[], now: Date): ReconcileChange[] {
  const out: ReconcileChange[] = []
  for (const order of orders) {
    for (const kept of order.kept.filter((x) => providerIds.includes(x.provider_id))) {
      const due = keptDeadline({ capture_by: kept.capture_by.toISOString() }, now)
      if (!due.expiring) continue
      out.push({
        kind: "kept_expiring",
        order_no: kept.order_no,
        order_id: order.order_id,
        payment_id: kept.payment_id,
        detail: `${due.expired ? "capture window closed" : "capture window closes"} ${due.capture_by}; capture it from the order or let it lapse`,
      })
    }
  }
  return out
}
