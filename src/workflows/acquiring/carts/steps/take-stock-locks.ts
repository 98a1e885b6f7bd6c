import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { stockLockKeysOf, takeStockLocks } from "../../../../lib/acquiring/carts/stock-locks"
import { releaseLocks, type HeldLocks, type LeaseLocking } from "../../../../lib/acquiring/queries/locks"

/** None for an order's later collection, or a cart of no managed stock. */
export interface HeldStock {
  held: HeldLocks | null
}

/** The cart; null for an order's later collection, which has none. */
export type StockOf = { cart_id: string | null }

/**
 * The cart's stock locks (one per managed item, the gate first when several), as the store route's
 * completion takes them, so two carts sharing items never complete at once; compensation releases them.
 */
export const takeStockLocksStep = createStep(
  "acquiring-take-stock-locks",
  async ({ cart_id }: StockOf, { container }) => {
    const keys = cart_id ? await stockLockKeysOf(container, cart_id) : []
    const held = keys.length ? await takeStockLocks(container, keys) : null
    return new StepResponse<HeldStock, HeldLocks | null>({ held }, held)
  },
  async (held, { container }) => {
    if (held) await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held).catch(() => undefined)
  },
)
