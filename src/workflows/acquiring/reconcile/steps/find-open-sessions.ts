import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { openSessionRows, type OpenSessionRows } from "../../../../lib/acquiring/queries/open-sessions"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"

/** One read for the held, cart and books steps; none for a run limited to orders. */
export const findOpenSessionsStep = createStep(
  "acquiring-reconcile-find-open-sessions",
  async (target: ReconcileTarget, { container }) => {
    if (target.order_ids) return new StepResponse<OpenSessionRows | null>(null)
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    return new StepResponse<OpenSessionRows | null>(
      await openSessionRows(container, new Date(target.since), c.provider_ids),
    )
  },
)
