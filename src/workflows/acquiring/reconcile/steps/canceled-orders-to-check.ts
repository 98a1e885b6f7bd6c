import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { canceledOrdersToCheck } from "../../../../lib/acquiring/queries/canceled-orders"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"

/** The orders whose canceled payments may still hold money: the run's orders, or the window's canceled ones. */
export const canceledOrdersToCheckStep = createStep(
  "acquiring-reconcile-canceled-orders-to-check",
  async (target: ReconcileTarget, { container }) => {
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    const order_ids =
      target.order_ids ??
      (await canceledOrdersToCheck(container, c.provider_ids, new Date(target.since))).map((o) => o.order_id)
    return new StepResponse({ order_ids, provider_ids: c.provider_ids })
  },
)
