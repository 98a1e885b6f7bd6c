import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { SNAPSHOT_CART_FIELDS, type CartLike, type PastOrder } from "../../../lib/acquiring/snapshot/build"
import {
  collectionAsCart,
  orderAsCart,
  SNAPSHOT_ORDER_FIELDS,
  type OrderLike,
} from "../../../lib/acquiring/snapshot/order"

type Query = { graph: (q: Record<string, unknown>) => Promise<{ data: any[] }> }

/** What a payment collection pays for, shaped as a cart, with whose it is. */
export interface SnapshotSource {
  cart: CartLike
  owner: { cart_id?: string; order_id?: string }
  past: PastOrder[]
}

const linked = async (query: Query, entity: string, field: string, collectionId: string): Promise<string | undefined> =>
  (await query.graph({ entity, fields: [field], filters: { payment_collection_id: collectionId } })).data[0]?.[field]

async function one(query: Query, entity: string, fields: readonly string[], id: string) {
  const row = (await query.graph({ entity, fields: [...fields], filters: { id } })).data[0]
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `${entity} ${id} was not found`)
  return row
}

/** A registered customer's orders: the gateway's account_owner history. */
async function pastOrders(
  query: Query,
  c: { customer?: { has_account?: boolean | null } | null; customer_id?: string | null },
): Promise<PastOrder[]> {
  if (!c.customer?.has_account || !c.customer_id) return []
  return (
    await query.graph({
      entity: "order",
      fields: ["id", "currency_code", "total"],
      filters: { customer_id: c.customer_id },
    })
  ).data
}

/**
 * The collection's cart (checkout), else its order (an edit's difference, a payment link, an
 * exchange), else the collection alone. Every value comes from Medusa, never from the request.
 */
export async function loadSnapshotSource(req: MedusaRequest, collectionId: string): Promise<SnapshotSource> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as Query
  const cartId = await linked(query, "cart_payment_collection", "cart_id", collectionId)
  if (cartId) {
    const cart = await one(query, "cart", SNAPSHOT_CART_FIELDS, cartId)
    return { cart, owner: { cart_id: cartId }, past: await pastOrders(query, cart) }
  }
  const collection = await one(
    query,
    "payment_collection",
    ["id", "currency_code", "amount", "raw_amount"],
    collectionId,
  )
  const amount = collection.raw_amount ?? collection.amount
  const orderId = await linked(query, "order_payment_collection", "order_id", collectionId)
  if (orderId) {
    const order = (await one(query, "order", SNAPSHOT_ORDER_FIELDS, orderId)) as OrderLike & {
      customer_id?: string | null
    }
    return { cart: orderAsCart(order, amount), owner: { order_id: orderId }, past: await pastOrders(query, order) }
  }
  return { cart: collectionAsCart({ ...collection, amount }), owner: {}, past: [] }
}
