import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { reconcileKept } from "../kept"
import type { ReconcileInput } from "../run"
import { eachTarget, type ReconcileTarget, type TargetParts } from "../targets"

/** After the carts, since a collection they just authorised may end a kept authorisation. */
export const reconcileKeptStep = createStep(
  "acquiring-reconcile-kept",
  async (
    { input, targets, previous }: { input: ReconcileInput; targets: ReconcileTarget[]; previous: TargetParts },
    { container },
  ) => {
    const parts = await eachTarget(container, targets, previous, async (c, target, part) => {
      part.changes.push(...(await reconcileKept(container, c.provider_ids, new Date(target.since), input.order_ids)))
    })
    return new StepResponse(parts)
  },
)
