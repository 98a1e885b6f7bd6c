import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { stockLockKeysOf, takeStockLocks } from "../../../../lib/acquiring/carts/stock-locks"
import { releaseLocks, type HeldLocks, type LeaseLocking } from "../../../../lib/acquiring/queries/locks"

/**
 * The cart's stock locks (one per managed item, the gate first when several), as the storefront's
 * completion takes them; compensation releases them.
 */
export const takeStockLocksStep = createStep(
  "acquiring-take-stock-locks",
  async ({ cart_id }: { cart_id: string }, { container }) => {
    const keys = await stockLockKeysOf(container, cart_id)
    const held: HeldLocks = keys.length ? await takeStockLocks(container, keys) : { keys: [], owner_id: "" }
    return new StepResponse<HeldLocks, HeldLocks>(held, held)
  },
  async (held, { container }) => {
    await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held).catch(() => undefined)
  },
)

export const releaseStockLocksStep = createStep(
  "acquiring-release-stock-locks",
  async (held: HeldLocks, { container }) => {
    await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held).catch(() => undefined)
    return new StepResponse(undefined)
  },
)
