import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { LOCK_KEYS } from "../lock-keys"
import { medusaOwnerOf, type GatewayOrderRef, type MedusaOwner } from "./medusa-owner"

/**
 * Medusa creates the order before it authorises, so an unpaid order may be a completion in flight:
 * read again under the cart's lock, which that completion holds. Undefined while it still runs.
 */
export async function ownerAfterCompletion(
  scope: MedusaContainer,
  order: GatewayOrderRef,
  first: MedusaOwner,
): Promise<MedusaOwner | undefined> {
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
