import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { CART_CHANGED_CODE, changedAfterPayment, type CompletingCart } from "../../../lib/acquiring/completion"
import { refuseChangedCart } from "../../../workflows/acquiring/carts"

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

/**
 * POST /store/carts/:id/complete of a cart whose total is no longer what our session holds at the
 * gateway: the payment is given back and the answer is 409 with the shopper's words. Medusa's error
 * handler would replace a 409's message with its own; completeCartWorkflow's validate hook refuses
 * the same carts on every other path (the notification, reconciliation, a change during this request).
 */
export async function acquiringCompletionGuardMiddleware(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: FIELDS, filters: { id: req.params.id } })
  const cart = data[0] as CompletingCart | undefined
  const changed = cart ? changedAfterPayment(cart) : null
  if (!cart || !changed) return next()
  const locking = req.scope.resolve(Modules.LOCKING)
  const message = await locking.execute(cart.id, () => refuseChangedCart(req.scope, cart.id, changed), { timeout: 30 })
  res.status(409).json({ type: "not_allowed", code: CART_CHANGED_CODE, message })
}
