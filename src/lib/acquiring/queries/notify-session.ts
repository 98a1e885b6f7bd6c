import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { NotifySession } from "../notifications/types"

/** The payment session (gateway order) a notification names, as it is now. */
export async function findSession(scope: MedusaContainer, sessionId: string): Promise<NotifySession | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "amount", "currency_code", "payment_collection_id", "status", "data"],
    filters: { id: sessionId },
  })
  return data[0] as NotifySession | undefined
}

/** The cart whose payment collection this is; undefined for an order's later collection. */
export async function cartIdOf(scope: MedusaContainer, collectionId: string): Promise<string | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: collectionId },
  })
  return (data[0] as { cart_id?: string } | undefined)?.cart_id
}

/** Whether the collection is a cart's, and whether the effect is durable (the cart has its order). */
export async function collectionState(
  scope: MedusaContainer,
  collectionId: string,
): Promise<{ cart: boolean; recorded: boolean }> {
  const cartId = await cartIdOf(scope, collectionId)
  if (!cartId) return { cart: false, recorded: true }
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  return { cart: true, recorded: orders.length > 0 }
}
