import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import {
  PAID_COLLECTION_CODE,
  PAID_COLLECTION_STATUSES,
  paidCollectionMessage,
} from "../../../lib/acquiring/store-refusals"
import { graphOf, type GraphQuery } from "../../../lib/acquiring/queries/graph"
import { holdForResponse } from "../../route-lock"

async function cartOf(query: GraphQuery, collectionId: string): Promise<string | undefined> {
  const { data } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: collectionId },
  })
  return data[0]?.cart_id
}

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
 * Medusa's workflow deletes every session, the authorised one included, and checks no cart ownership.
 * Checked under the cart lock, held until the answer, so a completion never loses its session.
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
