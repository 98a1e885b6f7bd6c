import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { OrphanOutcome } from "../books/orphan"
import { changedCartMessage, type ChangedCart } from "../completion"
import { accountedFor, type UnplaceableCart } from "./unplaceable"

/** Gives back an unplaceable cart's payment (the settlement workflow, run by the caller); null when not ours to. */
export type SettleUnplaceable = (cart: UnplaceableCart) => Promise<OrphanOutcome | null>

/** The changed cart's gateway order, as the settlement workflow takes it. */
export const unplaceableOfChanged = (cartId: string, changed: ChangedCart): UnplaceableCart => ({
  cart_id: cartId,
  session_id: changed.session_id,
  order_no: changed.order_no,
  cause: "cart_changed",
  reason: `the cart changed after payment (held ${changed.held}, total ${changed.total})`,
})

const DONE = { void: "voided", refund: "refunded in full", report: undefined, already: undefined }

/**
 * The cart's total is no longer what the gateway holds: refused, and given back when `settle` is passed.
 * A gateway failure leaves the money to reconciliation, never the completion half done.
 */
export async function refuseChangedCart(
  scope: MedusaContainer,
  cartId: string,
  changed: ChangedCart,
  settle?: SettleUnplaceable,
): Promise<string> {
  const givenBack = async () => ((await accountedFor(scope, changed.order_no)) ? "given back" : undefined)
  if (!settle) return changedCartMessage(changed, await givenBack())
  try {
    const outcome = await settle(unplaceableOfChanged(cartId, changed))
    const done = outcome ? DONE[outcome.action as keyof typeof DONE] : undefined
    return changedCartMessage(changed, done ?? (await givenBack()))
  } catch (e) {
    scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `acquiring: gateway order ${changed.order_no} not settled yet (${(e as Error).message}); reconciliation retries`,
      )
    return changedCartMessage(changed)
  }
}
