import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HeldLocks } from "../../../lib/acquiring/queries/locks"
import { stockLockKeysOf, takeStockLocks } from "../../../lib/acquiring/carts/stock-locks"
import { releaseWithResponse } from "../../route-lock"

/** Two carts holding the last unit complete in turn; the validate hook refuses the second before its order. */
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
