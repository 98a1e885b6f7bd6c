import { randomUUID } from "node:crypto"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLocks, releaseLocks, type HeldLocks, type LeaseLocking } from "../../../../lib/acquiring/queries/locks"

export interface AcquireLocksInput {
  keys: string[]
  /** Taken before the keys (MULTI_PAYMENT_GATE when a run locks several payments). */
  gate?: string
  timeout: number
}

/** Longer than any bulk call takes, short enough that a dead process frees the locks by itself. */
export const LOCK_TTL_SECONDS = 600

/** Compensation releases the locks, so a run failing in any later step leaves nothing locked. */
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
