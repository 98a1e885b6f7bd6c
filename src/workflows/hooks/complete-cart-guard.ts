import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import {
  CART_CHANGED_MESSAGE,
  changedAfterPayment,
  ourPayableSessions,
  type CompletingCart,
} from "../../lib/acquiring/completion"
import { accountedFor, refuseChangedCart } from "../acquiring/carts"

/**
 * Before Medusa places the order (under its cart lock, whoever completes: the storefront, the
 * notification, reconciliation): our session must hold the cart's total and currency at the
 * gateway, and its money must not have been given back already. Otherwise the payment is given back
 * and the completion refused (409): an order is placed only for what the gateway holds.
 */
completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const current = cart as unknown as CompletingCart
  const changed = changedAfterPayment(current)
  if (changed) {
    throw new MedusaError(MedusaError.Types.CONFLICT, await refuseChangedCart(container, current.id, changed))
  }
  for (const { data } of ourPayableSessions(current)) {
    const given = await accountedFor(container, data.order_no)
    if (given)
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `${CART_CHANGED_MESSAGE} Its payment was given back (${given}).`,
      )
  }
})
