import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { keptDeadline } from "../../../lib/acquiring/kept"
import { outcomeOf } from "../../../lib/acquiring/kept-orders"
import { keptOfOrders, ordersWithKept } from "../../../lib/acquiring/queries/kept"
import { booksOf } from "../books/books"
import { settleKeptAuthorisationsWorkflow } from "../kept/settle"
import type { ReconcileChange } from "./apply"

/** Void kept authorisations no longer needed; warn of those whose capture window is about to close. */
export async function reconcileKept(
  container: MedusaContainer,
  providerIds: string[],
  since: Date,
  orderIds?: string[],
): Promise<ReconcileChange[]> {
  const books = booksOf(container)
  const orders = orderIds ?? (await ordersWithKept(books, providerIds, since))
  if (!orders.length) return []
  const { result: settled } = await settleKeptAuthorisationsWorkflow(container).run({ input: { order_ids: orders } })
  const read = await keptOfOrders(container, books, orders)
  const changes: ReconcileChange[] = settled.map((s) => ({
    kind: s.outcome === "error" ? "error" : "kept_voided",
    order_no: s.order_no,
    order_id: s.order_id,
    payment_id: s.payment_id,
    detail: s.detail ?? s.outcome,
  }))
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const now = new Date()
  // What settling left kept (read after it: an order with no outcome keeps all its kept ones).
  for (const order of read.filter((o) => !outcomeOf(o))) {
    for (const kept of order.kept.filter((x) => providerIds.includes(x.provider_id))) {
      const due = keptDeadline({ capture_by: kept.capture_by.toISOString() }, now)
      if (!due.expiring) continue
      const detail = `${due.expired ? "capture window closed" : "capture window closes"} ${due.capture_by}; capture it from the order or let it lapse`
      logger.warn(`acquiring: kept authorisation ${kept.order_no} of order ${order.order_id}: ${detail}`)
      changes.push({
        kind: "kept_expiring",
        order_no: kept.order_no,
        order_id: order.order_id,
        payment_id: kept.payment_id,
        detail,
      })
    }
  }
  return changes
}
