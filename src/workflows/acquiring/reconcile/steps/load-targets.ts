import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ReconcileInput, ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { LOAD_TARGETS_STEP } from "../../../../lib/acquiring/reconcile/runs"
import { targetsOf } from "../../../../lib/acquiring/reconcile/targets"

export interface LoadedTargets {
  started_at: string
  targets: ReconcileTarget[]
}

export const loadReconcileTargetsStep = createStep(LOAD_TARGETS_STEP, async (input: ReconcileInput, { container }) => {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const now = Date.now()
  return new StepResponse<LoadedTargets>({
    started_at: new Date(now).toISOString(),
    targets: targetsOf(config, input, now),
  })
})
