import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { releaseLocks, type HeldLocks, type LeaseLocking } from "../../../../lib/acquiring/queries/locks"

/**
 * Give the locks back at the end of a run. It never fails the run: the gateway has answered by
 * now, and a release that did not happen ends with the lease.
 */
export const releaseLocksStep = createStep("acquiring-release-locks", async (held: HeldLocks, { container }) => {
  try {
    await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held)
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `acquiring: releasing ${held.keys.length} locks failed (${(e as Error).message}); they end with their lease`,
      )
  }
  return new StepResponse(true)
})
