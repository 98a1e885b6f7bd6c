import type { ConfigModule, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import { keptExpiring } from "../../../../lib/acquiring/reconcile/kept"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { outcomeOf } from "../../../../lib/acquiring/kept-orders"
import { keptOfOrders } from "../../../../lib/acquiring/queries/kept"
import type { KeptSettled } from "../../../../lib/acquiring/kept-release"

export interface KeptReportInput {
  target: ReconcileTarget
  order_ids: string[]
  /** What settleKeptAuthorisationsWorkflow did; none when there was no order to settle. */
  settled?: KeptSettled[]
}

/**
 * After settling, which ran after the carts (a collection they just authorised may end a kept
 * authorisation): the voids as report lines, and a warning for each kept one whose capture window closes.
 */
export const reconcileKeptStep = createStep(
  "acquiring-reconcile-kept",
  async ({ target, order_ids, settled = [] }: KeptReportInput, { container }) => {
    if (!order_ids.length) return new StepResponse({ changes: [] as ReconcileChange[] })
    const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    const providerIds = configOf(config, target.config_id).provider_ids
    const read = await keptOfOrders(container, order_ids)
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
