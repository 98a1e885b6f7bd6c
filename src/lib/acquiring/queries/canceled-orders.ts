import type { MedusaContainer } from "@medusajs/framework/types"
import { isKept } from "../kept"
import { settled } from "../reconcile/drift"
import { graphOf } from "./graph"
import { paymentsOfOrders, type PaymentView } from "./payments"

/** A canceled order's payment that may still hold money at the gateway. */
export interface CanceledPayment {
  order_id: string
  payment_id: string
}

const PAGE = 200

/** Open, not a kept authorisation of an order edit (that one is left to its own release). */
const holdsMoney = (p: PaymentView, providerIds?: string[]) =>
  !settled(p) && !isKept(p.data) && (!providerIds || providerIds.includes(p.provider_id))

/** Canceled orders of the window whose acquiring payments are not settled: the only ones that can still hold money. */
export async function canceledOrdersToCheck(
  container: MedusaContainer,
  providerIds: string[],
  since: Date,
): Promise<{ order_id: string; payment_ids: string[] }[]> {
  const out: { order_id: string; payment_ids: string[] }[] = []
  for (let skip = 0; ; skip += PAGE) {
    const { data } = await graphOf(container).graph({
      entity: "order",
      fields: ["id"],
      filters: { status: "canceled", created_at: { $gte: since } },
      pagination: { skip, take: PAGE, order: { id: "ASC" } },
    })
    const byOrder = await paymentsOfOrders(
      container,
      data.map((o) => o.id as string),
    )
    for (const [order_id, views] of byOrder) {
      const open = views.filter((p) => holdsMoney(p, providerIds))
      if (open.length) out.push({ order_id, payment_ids: open.map((p) => p.id) })
    }
    if (data.length < PAGE) return out
  }
}

/** The payments of these orders that are canceled and may still hold money. */
export async function canceledPaymentsOf(
  container: MedusaContainer,
  orderIds: string[],
  providerIds?: string[],
): Promise<CanceledPayment[]> {
  if (!orderIds.length) return []
  const { data } = await graphOf(container).graph({
    entity: "order",
    fields: ["id", "status"],
    filters: { id: orderIds },
  })
  const canceled = data.filter((o) => o.status === "canceled").map((o) => o.id as string)
  const items: CanceledPayment[] = []
  for (const [order_id, views] of await paymentsOfOrders(container, canceled))
    for (const p of views) if (holdsMoney(p, providerIds)) items.push({ order_id, payment_id: p.id })
  return items
}
