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

/** A cart changed after payment gets a 409 in the shopper's words, which Medusa's error handler would replace. */
export async function acquiringCompletionGuardMiddleware(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: FIELDS, filters: { id: req.params.id } })
  const cart = data[0] as CompletingCart | undefined
  if (!cart || !ourPayableSessions(cart).length) return next()
  // Money moves only for a changed cart, under the cart's lock.
  const refuse = () => completionRefusal(req.scope, cart)
  const message = changedAfterPayment(cart)
    ? await req.scope.resolve(Modules.LOCKING).execute(cart.id, refuse, { timeout: 30 })
    : await refuse()
  if (!message) return next()
  res.status(409).json({ type: "not_allowed", code: CART_CHANGED_CODE, message })
}
