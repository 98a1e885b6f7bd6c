import type { ConfigModule, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import { keptExpiring } from "../../../../lib/acquiring/reconcile/kept"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { outcomeOf } from "../../../../lib/acquiring/kept-orders"
import { keptOfOrders, ordersWithKept } from "../../../../lib/acquiring/queries/kept"
import { settleKeptAuthorisationsWorkflow } from "../../kept/settle"

/**
 * After the carts, since a collection they just authorised may end a kept authorisation: void those
 * no longer needed; warn of those whose capture window is about to close.
 */
export const reconcileKeptStep = createStep(
  "acquiring-reconcile-kept",
  async (target: ReconcileTarget, { container }) => {
    const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    const providerIds = configOf(config, target.config_id).provider_ids
    const orders = target.order_ids ?? (await ordersWithKept(container, providerIds, new Date(target.since)))
    if (!orders.length) return new StepResponse({ changes: [] as ReconcileChange[] })
    // The child workflow voids each kept authorisation no longer needed, under its own lock.
    const { result: settled } = await settleKeptAuthorisationsWorkflow(container).run({ input: { order_ids: orders } })
    const read = await keptOfOrders(container, orders)
    const changes: ReconcileChange[] = settled.map((s) => ({
      kind: s.outcome === "error" ? "error" : "kept_voided",
      order_no: s.order_no,
      order_id: s.order_id,
      payment_id: s.payment_id,
      detail: s.detail ?? s.outcome,
    }))
    // What settling left kept (read after it: an order with no outcome keeps all its kept ones).
    const expiring = keptExpiring(
      read.filter((o) => !outcomeOf(o)),
      providerIds,
      new Date(),
    )
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
    for (const e of expiring)
      logger.warn(`acquiring: kept authorisation ${e.order_no} of order ${e.order_id}: ${e.detail}`)
    return new StepResponse({ changes: [...changes, ...expiring] })
  },
)
