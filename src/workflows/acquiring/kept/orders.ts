import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isAcquiringProvider } from "../../../lib/acquiring/config"
import { isKept } from "../../../lib/acquiring/kept"
import { tryReadData, type AcquiringData } from "../../../lib/acquiring/payment-data"
import type { GraphQuery, GraphRow } from "../../../lib/acquiring/queries/graph"

/** Collection statuses that mean the order's money is there again (authorised or captured). */
const PAID = new Set(["authorized", "completed", "partially_captured"])
/** Collections a kept authorisation can be recorded on (core-flows' order payment collections). */
const OPEN = new Set(["not_paid", "awaiting", "partially_authorized"])

export interface KeptPayment {
  payment_id: string
  provider_id: string
  collection_id: string
  data: AcquiringData
}

export interface OrderKept {
  order_id: string
  canceled: boolean
  kept: KeptPayment[]
  replacement_paid: boolean
  open: { id: string; amount: unknown; currency_code: string } | undefined
}

export async function keptOfOrders(container: MedusaContainer, orderIds: string[]): Promise<OrderKept[]> {
  if (!orderIds.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.currency_code",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
    ],
    filters: { id: orderIds },
  })
  return orders.map((o) => ofOrder(o))
}

function ofOrder(order: GraphRow): OrderKept {
  const collections = (order.payment_collections ?? []) as GraphRow[]
  const kept = collections.flatMap((c) =>
    ((c.payments ?? []) as GraphRow[]).flatMap((p) => {
      const data = tryReadData(p.data)
      return isAcquiringProvider(p.provider_id) && isKept(data)
        ? [{ payment_id: p.id, provider_id: p.provider_id, collection_id: c.id, data }]
        : []
    }),
  )
  const keptCollections = new Set(kept.map((k) => k.collection_id))
  const others = collections.filter((c) => !keptCollections.has(c.id))
  const open = others.find((c) => OPEN.has(c.status))
  return {
    order_id: order.id,
    canceled: order.status === "canceled",
    kept,
    replacement_paid: others.some((c) => PAID.has(c.status)),
    open: open && { id: open.id, amount: open.amount, currency_code: open.currency_code },
  }
}

/** Orders holding a kept authorisation of these providers, canceled in Medusa since `since`. */
export async function ordersWithKept(
  container: MedusaContainer,
  providerIds: string[],
  since: Date,
): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data: payments } = await query.graph({
    entity: "payment",
    fields: ["id", "data", "payment_collection_id"],
    filters: { provider_id: providerIds, canceled_at: { $gte: since } },
  })
  const collections = [
    ...new Set(payments.filter((p) => isKept(tryReadData(p.data))).map((p) => p.payment_collection_id as string)),
  ]
  if (!collections.length) return []
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: collections },
  })
  return [...new Set(links.map((l) => l.order_id as string))]
}

export async function orderOfCollection(container: MedusaContainer, collectionId: string): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: collectionId },
  })
  return data[0]?.order_id
}
