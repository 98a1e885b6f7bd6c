import type { MedusaContainer } from "@medusajs/framework/types"
import { keptOfOrder, keptRowOf, type KeptRow, type OrderKept } from "../kept-orders"
import { graphOf, type GraphRow } from "./graph"
import { ordersOfCollections } from "./order-links"
import { acquiringOf, type AcquiringModuleService } from "../../../modules/acquiring"

const ORDER_FIELDS = [
  "id",
  "status",
  "payment_collections.id",
  "payment_collections.status",
  "payment_collections.amount",
  "payment_collections.currency_code",
]

/** The exact amount from the raw column, never the float. */
const rowOf = (r: Awaited<ReturnType<AcquiringModuleService["listKeptAuthorisations"]>>[number]): KeptRow => {
  const raw = (r.raw_amount as { value?: unknown } | undefined)?.value ?? r.amount
  return { ...r, amount: String(raw) }
}

/** Unreleased kept rows of these orders, with what the orders' collections say of them. */
export async function keptOfOrders(container: MedusaContainer, orderIds: string[]): Promise<OrderKept[]> {
  if (!orderIds.length) return []
  const rows = (
    await acquiringOf(container).listKeptAuthorisations({ order_id: orderIds, released_at: null }, { take: null })
  ).map(rowOf)
  const { data: orders } = await graphOf(container).graph({
    entity: "order",
    fields: ORDER_FIELDS,
    filters: { id: orderIds },
  })
  return orders.map((o) =>
    keptOfOrder(
      o,
      rows.filter((r) => r.order_id === o.id),
    ),
  )
}

/** Orders holding an unreleased kept authorisation of these providers, kept since `since`. */
export async function ordersWithKept(
  container: MedusaContainer,
  providerIds: string[],
  since: Date,
): Promise<string[]> {
  const rows = await acquiringOf(container).listKeptAuthorisations(
    { provider_id: providerIds, released_at: null, since: { $gte: since } },
    { select: ["order_id"], take: null },
  )
  return [...new Set(rows.flatMap((r) => (r.order_id ? [r.order_id] : [])))]
}

/** What an order edit kept, read from the marks the provider wrote on the orders' canceled payments. */
export async function keptMarksOfOrders(container: MedusaContainer, orderIds: string[]): Promise<KeptRow[]> {
  if (!orderIds.length) return []
  const { data: orders } = await graphOf(container).graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.id",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
    ],
    filters: { id: orderIds },
  })
  return orders.flatMap((o) =>
    ((o.payment_collections ?? []) as GraphRow[]).flatMap((c) =>
      ((c.payments ?? []) as GraphRow[]).flatMap((p) => keptRowOf(p, c.id, o.id) ?? []),
    ),
  )
}

/** Orders whose canceled payments carry a live kept mark: the upgrade's one scan, before the books had rows. */
export async function ordersWithKeptMarks(container: MedusaContainer): Promise<string[]> {
  const { data: payments } = await graphOf(container).graph({
    entity: "payment",
    fields: ["id", "provider_id", "data", "payment_collection_id"],
    filters: { canceled_at: { $ne: null } },
  })
  const collections = [
    ...new Set(payments.filter((p) => keptRowOf(p, "", null)).map((p) => p.payment_collection_id as string)),
  ]
  return [...new Set((await ordersOfCollections(container, collections)).values())]
}
