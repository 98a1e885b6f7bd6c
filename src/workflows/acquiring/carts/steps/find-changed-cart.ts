import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { changedAfterPayment } from "../../../../lib/acquiring/completion"
import { unplaceableOfChanged } from "../../../../lib/acquiring/carts/refuse-changed"
import type { UnplaceableCart } from "../../../../lib/acquiring/carts/unplaceable"
import { findCompletingCart } from "../../../../lib/acquiring/queries/completing-cart"
import { cartIdOf } from "../../../../lib/acquiring/queries/notify-session"

export interface CollectionCart {
  /** Null for an order's later collection. */
  cart_id: string | null
  /** The open cart whose total is no longer what the gateway holds, as settlement takes it. */
  changed: UnplaceableCart | null
}

/** The collection's cart, and whether it changed since it was paid. */
export const findChangedCartStep = createStep(
  "acquiring-find-changed-cart",
  async ({ payment_collection_id }: { payment_collection_id: string }, { container }) => {
    const cartId = (await cartIdOf(container, payment_collection_id)) ?? null
    const cart = cartId ? await findCompletingCart(container, cartId) : undefined
    const changed = cart ? changedAfterPayment(cart) : null
    return new StepResponse<CollectionCart>({
      cart_id: cartId,
      changed: cart && changed ? unplaceableOfChanged(cart.id, changed) : null,
    })
  },
)
