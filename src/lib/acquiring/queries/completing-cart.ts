import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CompletingCart } from "../completion"

const FIELDS = [
  "id",
  "total",
  "currency_code",
  "completed_at",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.status",
  "payment_collection.payment_sessions.data",
]

/** A cart with what its completion checks: its total and its payment sessions. */
export async function findCompletingCart(scope: MedusaContainer, cartId: string): Promise<CompletingCart | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: FIELDS, filters: { id: cartId } })
  return data[0] as CompletingCart | undefined
}
