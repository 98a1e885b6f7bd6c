import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OpenSessionRows } from "../../../../lib/acquiring/queries/open-sessions"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { followOpenOrders } from "../../../../lib/acquiring/books/follow-open"
import { recordOpenedSessions } from "../../../../lib/acquiring/books/opened"
import { settleOrphanWorkflow } from "../../books/settle-orphan"

/** After the carts: settle gateway orders whose session Medusa deleted and whose notification never came. */
export const reconcileBooksStep = createStep(
  "acquiring-reconcile-books",
  async ({ target, sessions }: { target: ReconcileTarget; sessions: OpenSessionRows | null }, { container }) => {
    const changes: ReconcileChange[] = []
    if (!sessions) return new StepResponse({ changes })
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    await recordOpenedSessions(container, sessions.open)
    // One orphan at a time, each under its own lock: the list is only known here.
    const settle = async (order_no: string, reason: string) =>
      (await settleOrphanWorkflow(container).run({ input: { order_no, reason } })).result
    const followed = await followOpenOrders(container, c, new Date(target.since), settle)
    for (const o of followed.outcomes) {
      if (o.action === "void" || o.action === "refund" || o.action === "report")
        changes.push({
          kind: o.action === "report" ? "orphan_reported" : "orphan_settled",
          order_no: o.order_no,
          detail: o.detail,
        })
    }
    return new StepResponse({ changes })
  },
)
