import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { OrphanOutcome } from "../books/orphan"
import { changedCartMessage, type ChangedCart } from "../completion"
import { accountedFor, type UnplaceableCart } from "./unplaceable"

/** Gives back an unplaceable cart's payment (the settlement workflow, run by the caller); null when not ours to. */
export type SettleUnplaceable = (cart: UnplaceableCart) => Promise<OrphanOutcome | null>

/**
 * The cart's total is no longer what the gateway holds: give the payment back. A gateway failure leaves
 * the money to reconciliation, never the completion half done. Called under the cart's lock.
 */
export async function refuseChangedCart(
  scope: MedusaContainer,
  cartId: string,
  changed: ChangedCart,
  settle: SettleUnplaceable,
): Promise<string> {
  try {
    const outcome = await settle({
      cart_id: cartId,
      session_id: changed.session_id,
      order_no: changed.order_no,
      cause: "cart_changed",
      reason: `the cart changed after payment (held ${changed.held}, total ${changed.total})`,
    })
    const words = { void: "voided", refund: "refunded in full", report: undefined, already: undefined }
    const done = outcome ? words[outcome.action as keyof typeof words] : undefined
    return changedCartMessage(
      changed,
      done ?? ((await accountedFor(scope, changed.order_no)) ? "given back" : undefined),
    )
  } catch (e) {
    scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `acquiring: gateway order ${changed.order_no} not settled yet (${(e as Error).message}); reconciliation retries`,
      )
    return changedCartMessage(changed)
  }
}
