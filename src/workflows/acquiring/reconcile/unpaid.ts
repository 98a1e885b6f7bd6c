import type { MedusaContainer } from "@medusajs/framework/types"
import { isAcquiringProvider } from "../../../lib/acquiring/config"
import { moneyGone, ORDER_MARKS, type OrderPaymentMoney } from "../../../lib/acquiring/order-money"
import { graphOf, type GraphRow } from "../../../lib/acquiring/queries/graph"
import { centsOfRows } from "../../../lib/acquiring/queries/payments"
import { fromCents } from "../../../lib/acquiring/money"
import { tryReadData } from "../../../lib/acquiring/payment-data"
import type { ReconcileChange } from "./apply"
import { cancelVoidedCollection } from "./collection-status"
import { markOrderRow } from "./order-marks"

/** `acquiring.order.unpaid`: a live order whose money the gateway voided or refunded outside Medusa. */
export interface UnpaidEvent {
  order_id: string
  order_nos: string[]
  cause: "voided" | "refunded"
}

export interface UnpaidOutcome {
  changes: ReconcileChange[]
  events: UnpaidEvent[]
}

/** Changes that record a void or refund the gateway made and Medusa did not ask for. */
const OUTSIDE = new Set<ReconcileChange["kind"]>(["cancel", "refund"])

/**
 * After the gateway's voids and refunds are recorded: a collection left `authorized` over canceled
 * payments is set `canceled`, and an order with no money left is marked and told.
 */
export async function markUnpaidOrders(container: MedusaContainer, applied: ReconcileChange[]): Promise<UnpaidOutcome> {
  const touched = new Map<string, "voided" | "refunded">()
  for (const c of applied) {
    if (!c.order_id || !OUTSIDE.has(c.kind)) continue
    if (c.kind === "cancel" || !touched.has(c.order_id))
      touched.set(c.order_id, c.kind === "cancel" ? "voided" : "refunded")
  }
  const out: UnpaidOutcome = { changes: [], events: [] }
  if (!touched.size) return out
  for (const order of await orderMoneyOf(container, [...touched.keys()])) {
    if (order.canceled) continue
    for (const id of order.collection_ids) await cancelVoidedCollection(container, id)
    if (!moneyGone(order.money)) continue
    const cause = touched.get(order.order_id)!
    const detail = `the gateway ${cause} the order's money outside Medusa (its portal): order ${order.order_id} has no money; ask for a new payment or cancel it`
    for (const no of order.order_nos) await markOrderRow(container, no, { settlement: ORDER_MARKS.unpaid, detail })
    out.changes.push({ kind: "order_unpaid", order_no: order.order_nos[0] ?? "", order_id: order.order_id, detail })
    out.events.push({ order_id: order.order_id, order_nos: order.order_nos, cause })
  }
  return out
}

export interface OrderMoney {
  order_id: string
  canceled: boolean
  collection_ids: string[]
  money: OrderPaymentMoney[]
  order_nos: string[]
}

export async function orderMoneyOf(container: MedusaContainer, orderIds: string[]): Promise<OrderMoney[]> {
  if (!orderIds.length) return []
  const { data } = await graphOf(container).graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "payment_collections.id",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.data",
      "payment_collections.payments.captures.raw_amount",
      "payment_collections.payments.refunds.raw_amount",
    ],
    filters: { id: orderIds },
  })
  return data.map((order) => {
    const collections = (order.payment_collections ?? []) as GraphRow[]
    const payments = collections.flatMap((c) => (c?.payments ?? []) as GraphRow[])
    return {
      order_id: order.id as string,
      canceled: order.status === "canceled",
      collection_ids: collections.map((c) => c.id as string),
      money: payments.map((p) => ({
        canceled: !!p.canceled_at,
        captured: fromCents(centsOfRows(p.captures)),
        refunded: fromCents(centsOfRows(p.refunds)),
      })),
      order_nos: payments
        .filter((p) => isAcquiringProvider(p.provider_id))
        .flatMap((p) => tryReadData(p.data)?.order_no ?? []),
    }
  })
}
