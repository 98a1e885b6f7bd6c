import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringOptionsFor, isAcquiringProvider } from "../config"
import { tryReadData } from "../payment-data"
import { sessionSavedCard } from "../saved-cards"
import type { GraphRow } from "../queries/graph"
import type { OpenedOrder } from "../../../modules/acquiring/service"
import { acquiringOf } from "../../../modules/acquiring"

export const SESSION_FIELDS = ["id", "provider_id", "payment_collection_id", "created_at", "data"]

/** checkout (hosted page), authorise (APM), or token (a saved card paid without the shopper's page). */
function kindOf(data: Record<string, unknown>): string {
  if (data.variant === "apm") return "authorise"
  return sessionSavedCard(data)?.card_id ? "token" : "checkout"
}

function methodOf(data: Record<string, unknown>): string | null {
  const m = data.variant === "apm" ? data.payment_method : undefined
  return typeof m === "string" && /^[\w-]{1,40}$/.test(m) ? m : null
}

export type GatewayOrderPlace = Pick<OpenedOrder, "provider_id" | "session_id" | "payment_collection_id" | "cart_id">

/** The books row of a session's or a payment's acquiring data (null when the data is not ours). */
export function gatewayOrderOf(raw: unknown, place: GatewayOrderPlace): OpenedOrder | null {
  const data = tryReadData(raw)
  if (!data) return null
  return {
    ...place,
    order_no: data.order_no,
    account_id: data.account_id ?? null,
    kind: kindOf(raw as Record<string, unknown>),
    payment_method: methodOf(raw as Record<string, unknown>),
    amount: data.amount,
    currency_code: data.currency,
    settings_version: data.settings_version ?? 0,
  }
}

/** Null for another provider's session, or one adopting a kept order. */
export function openedOrderOf(
  session: GraphRow,
  cartId: string | null,
  ttlSeconds: (providerId: string) => number,
): OpenedOrder | null {
  if (!isAcquiringProvider(session.provider_id) || tryReadData(session.data)?.adopted_from) return null
  const row = gatewayOrderOf(session.data, {
    provider_id: session.provider_id,
    session_id: session.id,
    payment_collection_id: session.payment_collection_id ?? null,
    cart_id: cartId,
  })
  const created = session.created_at ? new Date(session.created_at) : new Date()
  return row && { ...row, page_expires_at: new Date(created.getTime() + ttlSeconds(session.provider_id) * 1000) }
}

/** A payment link's or order edit's collection has no cart. */
export async function cartsOfCollections(scope: MedusaContainer, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id", "payment_collection_id"],
    filters: { payment_collection_id: [...new Set(ids)] },
  })
  return new Map((data as GraphRow[]).map((l) => [l.payment_collection_id, l.cart_id]))
}

/** Known gateway orders are left as they are. `cartId`: the collection's cart when the caller already read it. */
export async function recordOpenedSessions(
  scope: MedusaContainer,
  sessions: GraphRow[],
  cartId?: string | null,
): Promise<number> {
  const ours = sessions.filter((s) => isAcquiringProvider(s.provider_id))
  if (!ours.length) return 0
  const carts =
    cartId === undefined
      ? await cartsOfCollections(
          scope,
          ours.map((s) => s.payment_collection_id),
        )
      : new Map(ours.map((s) => [s.payment_collection_id, cartId]))
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const ttl = (providerId: string) => acquiringOptionsFor(config, providerId)?.provider.hosted_page_ttl_s ?? 3600
  const rows = ours.flatMap((s) => openedOrderOf(s, carts.get(s.payment_collection_id) ?? null, ttl) ?? [])
  return acquiringOf(scope).recordOpened(rows)
}

export async function sessionsOfCollection(scope: MedusaContainer, collectionId: string): Promise<GraphRow[]> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: SESSION_FIELDS,
    filters: { payment_collection_id: collectionId },
  })
  return data as GraphRow[]
}
