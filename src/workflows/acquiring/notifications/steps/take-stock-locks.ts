import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { stockLockKeysOf, takeStockLocks } from "../../../../lib/acquiring/carts/stock-locks"
import { releaseLocks, type HeldLocks, type LeaseLocking } from "../../../../lib/acquiring/queries/locks"
import { cartIdOf } from "../../../../lib/acquiring/queries/notify-session"

/** None for an order's later collection, or a cart of no managed stock. */
export interface HeldStock {
  held: HeldLocks | null
}

/**
 * The cart's stock locks, as the store route's completion holds them, so two carts sharing items never
 * complete at once. Compensation gives them back when Medusa's workflow fails.
 */
export const takeStockLocksStep = createStep(
  "acquiring-take-stock-locks",
  async ({ collection_id }: { collection_id: string }, { container }) => {
    const cartId = await cartIdOf(container, collection_id)
    const keys = cartId ? await stockLockKeysOf(container, cartId) : []
    const held = keys.length ? await takeStockLocks(container, keys) : null
    return new StepResponse<HeldStock, HeldLocks | null>({ held }, held)
  },
  async (held, { container }) => {
    if (held) await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held)
  },
)
