import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { gatewaysFor } from "../../../../lib/acquiring/gateways"
import { reconcileHeld } from "../held"
import type { ReconcileInput } from "../run"
import { eachTarget, type ReconcileTarget, type TargetParts } from "../targets"

/**
 * Orders held for review whose decision was made elsewhere (held.ts). Authorising goes through
 * Medusa's authorizePaymentSessionForOrderWorkflow, which undoes its own steps on failure.
 */
export const reconcileHeldStep = createStep(
  "acquiring-reconcile-held",
  async (
    { input, targets, previous }: { input: ReconcileInput; targets: ReconcileTarget[]; previous: TargetParts },
    { container },
  ) => {
    const parts = await eachTarget(container, targets, previous, async (c, _target, part) => {
      const { client } = gatewaysFor(container)(c.provider_ids[0])
      part.changes.push(
        ...(await reconcileHeld(container, client, c.provider_ids, c.options.provider.status_map, input.order_ids)),
      )
    })
    return new StepResponse(parts)
  },
)
