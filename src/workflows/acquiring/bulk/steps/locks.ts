import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLocks, releaseLocks, type HeldLocks, type LeaseLocking } from "../../../../lib/acquiring/queries/locks"

export interface AcquireLocksInput {
  keys: string[]
  /** Taken before the keys (MULTI_PAYMENT_GATE when a run locks several payments). */
  gate?: string
  /** Seconds to wait for the locks. */
  timeout: number
}

/**
 * A run's lease on its locks: longer than any bulk call takes (≤ 1,000 orders, 20 gateway
 * requests), short enough that a process dying mid-run frees them by itself.
 */
export const LOCK_TTL_SECONDS = 600

/**
 * Take the locks a workflow holds across its steps. Compensation gives them back, so a run
 * that fails in any later step leaves nothing locked; releaseLocksStep gives them back on success.
 */
export const acquireLocksStep = createStep(
  "acquiring-acquire-locks",
  async (input: AcquireLocksInput, { container }) => {
    const held = await acquireLocks(container.resolve<LeaseLocking>(Modules.LOCKING), input.keys, {
      ownerId: `acquiring:${randomUUID()}`,
      gate: input.gate,
      timeoutSeconds: input.timeout,
      ttlSeconds: LOCK_TTL_SECONDS,
    })
    return new StepResponse<HeldLocks, HeldLocks>(held, held)
  },
  async (held, { container }) => {
    await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held)
  },
)

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
