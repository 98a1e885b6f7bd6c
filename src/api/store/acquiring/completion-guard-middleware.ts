import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CART_CHANGED_CODE, ourPayableSessions, type CompletingCart } from "../../../lib/acquiring/completion"
import { completionRefusal } from "../../../lib/acquiring/carts/refusal"
import { settleUnplaceableWorkflow } from "../../../workflows/acquiring/carts/settle-unplaceable"

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
  // Money moves only for a changed cart, under the cart's lock (the workflow takes it).
  const message = await completionRefusal(req.scope, cart, async (unplaceable) => {
    const { result } = await settleUnplaceableWorkflow(req.scope).run({ input: { ...unplaceable, lock: true } })
    return result
  })
  if (!message) return next()
  res.status(409).json({ type: "not_allowed", code: CART_CHANGED_CODE, message })
}
