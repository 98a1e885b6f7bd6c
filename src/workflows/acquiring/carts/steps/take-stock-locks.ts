import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { stockLockKeysOf, takeStockLocks } from "../../../../lib/acquiring/carts/stock-locks"
import { releaseLocks, type HeldLocks, type LeaseLocking } from "../../../../lib/acquiring/queries/locks"
import { cartIdOf } from "../../../../lib/acquiring/queries/notify-session"

/** None for an order's later collection, or a cart of no managed stock. */
export interface HeldStock {
  held: HeldLocks | null
}

/** The cart, or the collection whose cart it is. */
export type StockOf = { cart_id: string } | { collection_id: string }

/**
 * The cart's stock locks (one per managed item, the gate first when several), as the store route's
 * completion takes them, so two carts sharing items never complete at once; compensation releases them.
 */
export const takeStockLocksStep = createStep(
  "acquiring-take-stock-locks",
  async (of: StockOf, { container }) => {
    const cartId = "cart_id" in of ? of.cart_id : await cartIdOf(container, of.collection_id)
    const keys = cartId ? await stockLockKeysOf(container, cartId) : []
    const held = keys.length ? await takeStockLocks(container, keys) : null
    return new StepResponse<HeldStock, HeldLocks | null>({ held }, held)
  },
  async (held, { container }) => {
    if (held) await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held).catch(() => undefined)
  },
)
