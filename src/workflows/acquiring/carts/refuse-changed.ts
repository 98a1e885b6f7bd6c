import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { changedCartMessage, type ChangedCart } from "../../../lib/acquiring/completion"
import { accountedFor, settleUnplaceable } from "./settle-unplaceable"

/**
 * The cart's total is no longer what the gateway holds: give the payment back. A gateway failure leaves
 * the money to reconciliation, never the completion half done. Called under the cart's lock.
 */
export async function refuseChangedCart(scope: MedusaContainer, cartId: string, changed: ChangedCart): Promise<string> {
  try {
    const outcome = await settleUnplaceable(scope, {
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
