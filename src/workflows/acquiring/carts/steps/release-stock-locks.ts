import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { releaseLocks, type LeaseLocking } from "../../../../lib/acquiring/queries/locks"
import type { HeldStock } from "./take-stock-locks"

/** Never fails its workflow: what the locks guarded is done by now, and a lock not released ends with its lease. */
export const releaseStockLocksStep = createStep(
  "acquiring-release-stock-locks",
  async ({ held }: HeldStock, { container }) => {
    await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held ?? undefined).catch(() => undefined)
    return new StepResponse(true)
  },
)
