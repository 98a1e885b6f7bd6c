import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  CART_CHANGED_CODE,
  changedAfterPayment,
  ourPayableSessions,
  type CompletingCart,
} from "../../../lib/acquiring/completion"
import { completionRefusal } from "../../../workflows/acquiring/carts"

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
 * gateway (its payment is given back), or whose payment was given back already: 409 with the shopper's
 * words. Medusa's error handler would replace a 409's message with its own; completeCartWorkflow's
 * validate hook refuses the same carts on every other path (the notification, reconciliation, a
 * change during this request).
 */
export async function acquiringCompletionGuardMiddleware(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: FIELDS, filters: { id: req.params.id } })
  const cart = data[0] as CompletingCart | undefined
  if (!cart || !ourPayableSessions(cart).length) return next()
  // Money moves only for a changed cart, under the cart's lock (the key Medusa's completion takes).
  const refuse = () => completionRefusal(req.scope, cart)
  const message = changedAfterPayment(cart)
    ? await req.scope.resolve(Modules.LOCKING).execute(cart.id, refuse, { timeout: 30 })
    : await refuse()
  if (!message) return next()
  res.status(409).json({ type: "not_allowed", code: CART_CHANGED_CODE, message })
}
