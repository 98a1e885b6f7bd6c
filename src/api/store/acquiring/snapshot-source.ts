import type { MedusaRequest } from "@medusajs/framework/http"
import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { SNAPSHOT_CART_FIELDS, type CartLike, type PastOrder } from "../../../lib/acquiring/snapshot/build"
import {
  collectionAsCart,
  orderAsCart,
  SNAPSHOT_ORDER_FIELDS,
  type OrderLike,
} from "../../../lib/acquiring/snapshot/order"
import type { GraphQuery } from "../../../lib/acquiring/queries/graph"

export interface SnapshotSource {
  cart: CartLike
  owner: { cart_id?: string; order_id?: string }
  past: PastOrder[]
}

const linked = async (
  query: GraphQuery,
  entity: string,
  field: string,
  collectionId: string,
): Promise<string | undefined> =>
  (await query.graph({ entity, fields: [field], filters: { payment_collection_id: collectionId } })).data[0]?.[field]

type SnapshotCart = CartLike & { id: string; customer_id?: string | null }

async function cartOf(query: GraphQuery, collectionId: string): Promise<SnapshotCart | undefined> {
  const { data } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id", ...SNAPSHOT_CART_FIELDS.map((f) => `cart.${f}`)],
    filters: { payment_collection_id: collectionId },
  })
  const link = data[0]
  if (!link?.cart_id) return undefined
  if (!link.cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `cart ${link.cart_id} was not found`)
  return link.cart as SnapshotCart
}

/** One row of `entity`, read with the fields its reader (`T`) uses. */
async function one<T>(query: GraphQuery, entity: string, fields: readonly string[], id: string): Promise<T> {
  const row = (await query.graph({ entity, fields: [...fields], filters: { id } })).data[0] as T | undefined
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `${entity} ${id} was not found`)
  return row
}

/** A registered customer's orders: the gateway's account_owner history. */
async function pastOrders(
  query: GraphQuery,
  c: { customer?: { has_account?: boolean | null } | null; customer_id?: string | null },
): Promise<PastOrder[]> {
  if (!c.customer?.has_account || !c.customer_id) return []
  return (
    await query.graph({
      entity: "order",
      fields: ["id", "currency_code", "total"],
      filters: { customer_id: c.customer_id },
    })
  ).data as PastOrder[]
}

/**
 * The collection's cart (checkout), else its order (an edit's difference, a payment link, an
 * exchange), else the collection alone. Every value comes from Medusa, never from the request.
 */
export async function loadSnapshotSource(req: MedusaRequest, collectionId: string): Promise<SnapshotSource> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const cart = await cartOf(query, collectionId)
  if (cart) return { cart, owner: { cart_id: cart.id }, past: await pastOrders(query, cart) }
  const collection = await one<{
    id: string
    currency_code: string
    amount: BigNumberInput
    raw_amount?: BigNumberInput
  }>(query, "payment_collection", ["id", "currency_code", "amount", "raw_amount"], collectionId)
  const amount = collection.raw_amount ?? collection.amount
  const orderId = await linked(query, "order_payment_collection", "order_id", collectionId)
  if (orderId) {
    const order = await one<OrderLike & { customer_id?: string | null }>(query, "order", SNAPSHOT_ORDER_FIELDS, orderId)
    return { cart: orderAsCart(order, amount), owner: { order_id: orderId }, past: await pastOrders(query, order) }
  }
  return { cart: collectionAsCart({ ...collection, amount }), owner: {}, past: [] }
}
