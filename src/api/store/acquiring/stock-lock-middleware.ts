import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HeldLocks } from "../../../lib/acquiring/queries/locks"
import { stockLockKeysOf, takeStockLocks } from "../../../workflows/acquiring/carts"
import { releaseWithResponse } from "../../route-lock"

/**
 * POST /store/carts/:id/complete of a cart paid through our providers holds its stock locks until
 * the answer is sent: two of our carts holding the last unit complete one after the other, and the
 * second is refused by the completion's validate hook before Medusa creates an order.
 */
export async function acquiringStockLockMiddleware(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const keys = await stockLockKeysOf(req.scope, req.params.id)
  if (!keys.length) return next()
  let held: HeldLocks
  try {
    held = await takeStockLocks(req.scope, keys)
  } catch {
    res.status(409).json({ type: "conflict", message: "Another checkout of the same stock is completing; try again." })
    return
  }
  releaseWithResponse(req, res, held, `the stock of cart ${req.params.id}`)
  next()
}
