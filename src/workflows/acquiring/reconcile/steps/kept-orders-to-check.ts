import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ordersWithKept } from "../../../../lib/acquiring/queries/kept"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"

/** The orders whose kept authorisations this run settles: the run's own orders, else those kept since the window. */
export const keptOrdersToCheckStep = createStep(
  "acquiring-reconcile-kept-orders",
  async (target: ReconcileTarget, { container }) => {
    const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    const providerIds = configOf(config, target.config_id).provider_ids
    const order_ids = target.order_ids ?? (await ordersWithKept(container, providerIds, new Date(target.since)))
    return new StepResponse({ order_ids })
  },
)
