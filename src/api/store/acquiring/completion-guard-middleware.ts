import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { CART_CHANGED_CODE, ourPayableSessions } from "../../../lib/acquiring/completion"
import { completionRefusal } from "../../../lib/acquiring/carts/refusal"
import { findCompletingCart } from "../../../lib/acquiring/queries/completing-cart"
import { settleUnplaceableWorkflow } from "../../../workflows/acquiring/carts/settle-unplaceable"

/** A cart changed after payment gets a 409 in the shopper's words, which Medusa's error handler would replace. */
export async function acquiringCompletionGuardMiddleware(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
) {
  const cart = await findCompletingCart(req.scope, req.params.id)
  if (!cart || !ourPayableSessions(cart).length) return next()
  // Money moves only for a changed cart, under the cart's lock (the workflow takes it).
  const message = await completionRefusal(req.scope, cart, async (unplaceable) => {
    const { result } = await settleUnplaceableWorkflow(req.scope).run({ input: { ...unplaceable, lock: true } })
    return result
  })
  if (!message) return next()
  res.status(409).json({ type: "not_allowed", code: CART_CHANGED_CODE, message })
}
