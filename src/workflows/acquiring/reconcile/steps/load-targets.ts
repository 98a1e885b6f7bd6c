import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquiringProviderConfigs } from "../../../../lib/acquiring/config"
import type { ReconcileInput } from "../run"
import type { ReconcileTarget } from "../targets"

const DAY = 86_400_000

export interface LoadedTargets {
  started_at: string
  targets: ReconcileTarget[]
}

export const LOAD_TARGETS_STEP = "acquiring-reconcile-load-targets"

export const loadReconcileTargetsStep = createStep(LOAD_TARGETS_STEP, async (input: ReconcileInput, { container }) => {
  const started_at = new Date().toISOString()
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const targets = acquiringProviderConfigs(config)
    .filter((c) => !input.config_ids || input.config_ids.includes(c.config_id))
    .map((c) => ({
      config_id: c.config_id,
      since: new Date(Date.now() - c.options.provider.reconcile_lookback_days * DAY).toISOString(),
    }))
  return new StepResponse<LoadedTargets>({ started_at, targets })
})
