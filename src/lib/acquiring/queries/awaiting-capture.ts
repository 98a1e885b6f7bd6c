import type { ConfigModule, FilterablePaymentProps, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { acquiringProviderIds } from "../config"
import { exactDecimal } from "../money"
import { graphOf, type GraphRow } from "../queries/graph"
import { ordersOfCollections } from "../queries/order-links"

/** One order's acquiring payment that is authorised and not (fully) captured: a row of the admin's bulk page. */
export interface AwaitingCapture {
  order_id: string
  display_id: number | null
  payment_id: string
  provider_id: string
  order_no: string | null
  amount: string
  currency_code: string
  /** Sum of Medusa's capture rows; null when none. */
  captured: string | null
  created_at: string
}

export interface AwaitingCapturePage {
  payments: AwaitingCapture[]
  count: number
  limit: number
  offset: number
}

/** Bounds the link query's id list. */
const CHUNK = 5_000

type Listed = { payment_id: string; order_id: string; display_id: number | null }

/** Open uncaptured acquiring payments of live orders, newest first (orders live in another module). */
async function listed(container: MedusaContainer, providerIds: string[]): Promise<Listed[]> {
  const payments = container.resolve(Modules.PAYMENT)
  // provider_id and the null dates are columns the module filters on but its filter type does not list.
  const filters = {
    provider_id: providerIds,
    captured_at: null,
    canceled_at: null,
  } as unknown as FilterablePaymentProps
  const out: Listed[] = []
  for (let skip = 0; ; skip += CHUNK) {
    const chunk = await payments.listPayments(filters, {
      select: ["id", "payment_collection_id"],
      order: { created_at: "DESC", id: "DESC" },
      take: CHUNK,
      skip,
    })
    const orderOf = await ordersOfCollections(
      container,
      chunk.map((p) => p.payment_collection_id),
    )
    const displayId = await liveOrders(container, [...new Set(orderOf.values())])
    for (const p of chunk) {
      const orderId = orderOf.get(p.payment_collection_id)
      if (orderId && displayId.has(orderId))
        out.push({ payment_id: p.id, order_id: orderId, display_id: displayId.get(orderId)! })
    }
    if (chunk.length < CHUNK) return out
  }
}

async function liveOrders(container: MedusaContainer, ids: string[]): Promise<Map<string, number | null>> {
  if (!ids.length) return new Map()
  const { data } = await graphOf(container).graph({
    entity: "order",
    fields: ["id", "display_id"],
    filters: { id: ids },
  })
  return new Map(data.map((o) => [o.id as string, (o.display_id as number | null) ?? null]))
}

function toRow(l: Listed, p: GraphRow): AwaitingCapture {
  const captures = (p.captures ?? []) as GraphRow[]
  return {
    ...l,
    provider_id: p.provider_id,
    order_no: p.data?.order_no ?? null,
    amount: p.data?.amount != null ? String(p.data.amount) : exactDecimal(p.raw_amount ?? p.amount),
    currency_code: p.currency_code,
    captured: captures.length
      ? exactDecimal(MathBN.sum(...captures.map((c) => MathBN.convert(c.raw_amount ?? c.amount))))
      : null,
    created_at: new Date(p.created_at).toISOString(),
  }
}

/** Through the payment module and Query only (no SQL of ours on Medusa's tables). */
export async function listAwaitingCapture(
  container: MedusaContainer,
  page: { limit: number; offset: number },
): Promise<AwaitingCapturePage> {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const providerIds = acquiringProviderIds(config)
  if (!providerIds.length) return { payments: [], count: 0, ...page }
  const all = await listed(container, providerIds)
  const shown = all.slice(page.offset, page.offset + page.limit)
  if (!shown.length) return { payments: [], count: all.length, ...page }
  const rows = (await container.resolve(Modules.PAYMENT).listPayments(
    { id: shown.map((l) => l.payment_id) },
    {
      select: [
        "id",
        "provider_id",
        "currency_code",
        "amount",
        "raw_amount",
        "created_at",
        "data",
        "captures.amount",
        "captures.raw_amount",
      ],
      relations: ["captures"],
    },
  )) as GraphRow[]
  const byId = new Map(rows.map((r) => [r.id as string, r]))
  return { payments: shown.map((l) => toRow(l, byId.get(l.payment_id)!)), count: all.length, ...page }
}
