import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { isKept } from "../kept"
import { LOCK_KEYS } from "../lock-keys"
import { sessionIdFromOrderNo } from "../order-no"
import { PAID_COLLECTION_STATUSES } from "../store-refusals"
import { tryReadData } from "../payment-data"
import { graphOf, type GraphRow } from "./graph"

export interface GatewayOrderRef {
  order_no: string
  session_id?: string | null
  payment_collection_id?: string | null
  cart_id?: string | null
}

/** Who owns a gateway order whose session is gone: a live payment, an unpaid order (left to the admin), or none. */
export type MedusaOwner =
  | { owner: "payment"; payment_id: string }
  | { owner: "unpaid_order"; order_id: string; cart_id: string }
  | { owner: "none" }

const PAYMENT_FIELDS = ["id", "payment_session_id", "payment_collection_id", "canceled_at", "data"]

/** Not canceled, or canceled by an order edit while its authorisation is kept for the replacement. */
const isLive = (p: GraphRow) => !p.canceled_at || isKept(tryReadData(p.data))
const orderNoOf = (p: GraphRow) => tryReadData(p.data)?.order_no

async function paymentsOfSessions(container: MedusaContainer, sessionIds: string[]): Promise<GraphRow[]> {
  if (!sessionIds.length) return []
  const { data } = await graphOf(container).graph({
    entity: "payment",
    fields: PAYMENT_FIELDS,
    filters: { payment_session_id: [...new Set(sessionIds)] },
  })
  return data
}

const sessionsOf = (ref: GatewayOrderRef) =>
  [ref.session_id, sessionIdFromOrderNo(ref.order_no)].filter((s): s is string => !!s)

/** Every payment (canceled or not) carrying these gateway orders: the opener's, and an adopter's after an order edit. */
export async function paymentsCarrying(
  container: MedusaContainer,
  refs: GatewayOrderRef[],
): Promise<Map<string, GraphRow[]>> {
  const out = new Map<string, GraphRow[]>()
  const wanted = new Set(refs.map((r) => r.order_no))
  const add = (p: GraphRow) => {
    const no = orderNoOf(p)
    if (no && wanted.has(no)) out.set(no, [...(out.get(no) ?? []), p])
  }
  const first = await paymentsOfSessions(container, refs.flatMap(sessionsOf))
  first.forEach(add)
  const adopters = first
    .map((p) => tryReadData(p.data)?.kept_authorisation?.adopted_by_session)
    .filter((s): s is string => !!s)
  ;(await paymentsOfSessions(container, adopters)).forEach(add)
  return out
}

export async function livePaymentsCarrying(
  container: MedusaContainer,
  refs: GatewayOrderRef[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const [no, payments] of await paymentsCarrying(container, refs)) {
    const live = payments.find(isLive)
    if (live) out.set(no, live.id)
  }
  return out
}

export async function medusaOwnerOf(container: MedusaContainer, ref: GatewayOrderRef): Promise<MedusaOwner> {
  const payments = (await paymentsCarrying(container, [ref])).get(ref.order_no) ?? []
  const live = payments.find(isLive)
  if (live) return { owner: "payment", payment_id: live.id }
  // A payment carried it and Medusa canceled it: Medusa's decision stands.
  if (payments.length || !ref.payment_collection_id) return { owner: "none" }
  const unpaid = await unpaidOrderOf(container, ref.payment_collection_id, ref.cart_id)
  return unpaid ? { owner: "unpaid_order", ...unpaid } : { owner: "none" }
}

async function unpaidOrderOf(
  container: MedusaContainer,
  collectionId: string,
  cartId?: string | null,
): Promise<{ order_id: string; cart_id: string } | undefined> {
  const query = graphOf(container)
  const cart =
    cartId ??
    (
      await query.graph({
        entity: "cart_payment_collection",
        fields: ["cart_id"],
        filters: { payment_collection_id: collectionId },
      })
    ).data[0]?.cart_id
  if (!cart) return undefined
  const [{ data: orders }, { data: collections }] = await Promise.all([
    query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cart } }),
    query.graph({ entity: "payment_collection", fields: ["id", "status"], filters: { id: collectionId } }),
  ])
  const orderId = orders[0]?.order_id as string | undefined
  if (!orderId || PAID_COLLECTION_STATUSES.has(collections[0]?.status)) return undefined
  return { order_id: orderId, cart_id: cart }
}

/**
 * Medusa creates the order before it authorises, so an unpaid order may be a completion in flight:
 * read again under the cart's lock, which that completion holds. Undefined while it still runs.
 */
export async function ownerAfterCompletion(
  scope: MedusaContainer,
  order: GatewayOrderRef,
): Promise<MedusaOwner | undefined> {
  const first = await medusaOwnerOf(scope, order)
  if (first.owner !== "unpaid_order") return first
  let locked = false
  const read = async () => {
    locked = true
    return medusaOwnerOf(scope, order)
  }
  try {
    return await scope.resolve(Modules.LOCKING).execute(LOCK_KEYS.cart(first.cart_id), read, { timeout: 30 })
  } catch (e) {
    if (locked) throw e
    return undefined
  }
}
