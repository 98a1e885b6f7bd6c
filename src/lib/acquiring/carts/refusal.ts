import type { MedusaContainer } from "@medusajs/framework/types"
import { CART_CHANGED_MESSAGE, changedAfterPayment, ourPayableSessions, type CompletingCart } from "../completion"
import { refuseChangedCart, type SettleUnplaceable } from "./refuse-changed"
import { accountedFor } from "./unplaceable"

/**
 * Why this cart may not become an order, in the shopper's words, or null. With `settle`, a changed
 * cart's payment is given back first (the caller holds or takes the cart's lock); without, only read.
 */
export async function completionRefusal(
  scope: MedusaContainer,
  cart: CompletingCart,
  settle?: SettleUnplaceable,
): Promise<string | null> {
  const changed = changedAfterPayment(cart)
  if (changed) return refuseChangedCart(scope, cart.id, changed, settle)
  for (const { data } of ourPayableSessions(cart)) {
    const given = await accountedFor(scope, data.order_no)
    if (given) return `${CART_CHANGED_MESSAGE} Its payment was given back (${given}).`
  }
  return null
}
