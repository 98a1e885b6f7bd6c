import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderRecords } from "../../../../lib/acquiring/gateways"
import { sessionsOfOpenCarts } from "../../../../lib/acquiring/queries/open-carts"
import { currentOptions } from "../../../../lib/acquiring/settings/current"
import type { OpenSessionRows } from "../../../../lib/acquiring/queries/open-sessions"
import { planCart, type CartPlan } from "../../../../lib/acquiring/reconcile/cart-plan"
import { gatewayRef } from "../../../../lib/acquiring/reconcile/drift"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { acquiringOf } from "../../../../modules/acquiring"
import { ACCOUNTED } from "../../../../lib/acquiring/carts/unplaceable"

/** Open carts paid at the gateway whose notification was lost: planned, an item each to complete or authorise. */
export const reconcileCartsStep = createStep(
  "acquiring-reconcile-carts",
  async ({ target, sessions }: { target: ReconcileTarget; sessions: OpenSessionRows | null }, { container }) => {
    const plan: CartPlan = { sessions_checked: 0, slots: [], items: [] }
    if (!sessions) return new StepResponse(plan)
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    const open = await sessionsOfOpenCarts(container, sessions.open)
    if (!open.length) return new StepResponse(plan)
    plan.sessions_checked = open.length
    // A gateway order the books already settled (an unplaceable cart's) needs nothing more.
    const rows = await acquiringOf(container).listGatewayOrders(
      { order_no: open.map((s) => s.data.order_no) },
      { select: ["order_no", "state", "created_at"] },
    )
    const row = new Map(rows.map((r) => [r.order_no, r]))
    const unsettled = open.filter((s) => !ACCOUNTED.has(row.get(s.data.order_no)?.state ?? ""))
    if (!unsettled.length) return new StepResponse(plan)
    // The policies of the newest saved version, read now: a save on any instance counts for this run.
    const { provider } = (await currentOptions(container, c)) ?? c.options
    const graceEnd = Date.now() - provider.unplaceable_grace_minutes * 60_000
    const records = await orderRecords(
      container,
      c.provider_ids[0],
      unsettled.map((s) => gatewayRef(s.data)),
    )
    for (const session of unsettled) {
      planCart(plan, session, records.get(session.data.order_no), {
        complete: provider.reconcile_complete_carts,
        status_map: provider.status_map,
        settle_unplaceable: new Date(row.get(session.data.order_no)?.created_at ?? Date.now()).getTime() <= graceEnd,
      })
    }
    return new StepResponse(plan)
  },
)
