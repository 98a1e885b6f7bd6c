import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import {
  PAID_COLLECTION_CODE,
  PAID_COLLECTION_STATUSES,
  paidCollectionMessage,
} from "../../../lib/acquiring/store-refusals"
import { graphOf, type GraphQuery } from "../../../lib/acquiring/queries/graph"
import { holdForResponse } from "../../route-lock"

/** The collection's cart, if it is a cart's (Medusa's cart ↔ payment-collection link). */
async function cartOf(query: GraphQuery, collectionId: string): Promise<string | undefined> {
  const { data } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: collectionId },
  })
  return data[0]?.cart_id
}

/** Why the collection cannot take a new session, or undefined when it can. */
async function paidBecause(query: GraphQuery, collectionId: string, cartId?: string): Promise<string | undefined> {
  const [{ data: collections }, cart, orders] = await Promise.all([
    query.graph({ entity: "payment_collection", fields: ["id", "status"], filters: { id: collectionId } }),
    cartId
      ? query.graph({ entity: "cart", fields: ["id", "completed_at"], filters: { id: cartId } })
      : Promise.resolve({ data: [] }),
    cartId
      ? query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
      : Promise.resolve({ data: [] }),
  ])
  const orderId = orders.data[0]?.order_id as string | undefined
  if (orderId) return paidCollectionMessage({ cart_id: cartId, order_id: orderId })
  if (cart.data[0]?.completed_at) return paidCollectionMessage({ cart_id: cartId })
  const status = collections[0]?.status as string | undefined
  if (status && PAID_COLLECTION_STATUSES.has(status)) return paidCollectionMessage({ status })
  return undefined
}

/**
 * POST /store/payment-collections/:id/payment-sessions, for every provider: refused with 409 when
 * the collection is paid or its cart is an order. Medusa's session workflow deletes every session
 * of the collection, the authorised one included, checking no status; the route checks no cart
 * ownership, so anyone holding the collection id could void or refund a placed order's money.
 *
 * A cart's collection is checked under Medusa's own cart lock, held until the answer: the
 * completion holds it from its first read to the authorisation, so it either finished (refused
 * here) or starts after this session replaced the old one, never deleting a session it authorises.
 */
export async function acquiringPaidCollectionMiddleware(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
) {
  try {
    const collectionId = req.params.id
    const query = graphOf(req.scope)
    const cartId = await cartOf(query, collectionId)
    if (cartId) {
      const held = await holdForResponse(req, res, LOCK_KEYS.cart(cartId), {
        what: () => `cart ${cartId}`,
        busy: () => `Cart ${cartId} is being completed or changed; try again in a moment.`,
        waitSeconds: 30,
        leaseSeconds: 120,
      })
      if (!held) return
    }
    const refused = await paidBecause(query, collectionId, cartId)
    if (refused) {
      res.status(409).json({ type: "conflict", code: PAID_COLLECTION_CODE, message: refused })
      return
    }
    next()
  } catch (e) {
    next(e)
  }
}
