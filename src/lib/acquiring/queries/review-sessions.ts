import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isAcquiringProvider } from "../config"
import { tryReadData, type AcquiringData } from "../payment-data"
import type { GraphQuery, GraphRow } from "../queries/graph"

export interface OrderSession {
  order_id: string
  order_status: string
  metadata: Record<string, unknown> | null
  payment_session_id: string
  provider_id: string
  session_status: string
  has_payment: boolean
  data: AcquiringData
}

const FIELDS = [
  "id",
  "status",
  "metadata",
  "payment_collections.payment_sessions.id",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payment_sessions.status",
  "payment_collections.payment_sessions.data",
  "payment_collections.payment_sessions.payment.id",
]

function sessionsOf(order: GraphRow): OrderSession[] {
  const sessions = (order.payment_collections ?? []).flatMap(
    (c: GraphRow | null) => c?.payment_sessions ?? [],
  ) as GraphRow[]
  return sessions.flatMap((s) => {
    const data = s && isAcquiringProvider(s.provider_id) ? tryReadData(s.data) : null
    if (!data) return []
    return [
      {
        order_id: order.id,
        order_status: order.status,
        metadata: order.metadata ?? null,
        payment_session_id: s.id,
        provider_id: s.provider_id,
        session_status: s.status,
        has_payment: !!s.payment?.id,
        data,
      },
    ]
  })
}

/** The one to review is the latest of each order. */
export async function orderSessions(
  container: MedusaContainer,
  orderIds: string[],
): Promise<Map<string, OrderSession>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data } = await query.graph({ entity: "order", fields: FIELDS, filters: { id: [...new Set(orderIds)] } })
  const out = new Map<string, OrderSession>()
  for (const o of data) {
    const list = sessionsOf(o)
    const pick =
      list.find((s) => s.session_status === "pending_authorization") ?? list.find((s) => s.has_payment) ?? list[0]
    if (pick) out.set(o.id, pick)
  }
  return out
}

/** Orders placed while their acquiring payment waits for authorisation (where review holds land). */
export async function pendingAuthorizationSessions(
  container: MedusaContainer,
  providerIds: string[],
): Promise<OrderSession[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment_collection_id"],
    filters: { status: "pending_authorization", provider_id: providerIds },
  })
  return waitingOrdersOf(container, [...new Set(sessions.map((s) => s.payment_collection_id as string))])
}

export async function waitingOrdersOf(container: MedusaContainer, collectionIds: string[]): Promise<OrderSession[]> {
  if (!collectionIds.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: collectionIds },
  })
  const orders = await orderSessions(
    container,
    links.map((l) => l.order_id),
  )
  return [...orders.values()].filter(isWaiting)
}

/** An order's session still waiting for authorisation, on an order not canceled: what a held review looks like. */
export const isWaiting = (s: OrderSession): boolean =>
  s.session_status === "pending_authorization" && s.order_status !== "canceled"
