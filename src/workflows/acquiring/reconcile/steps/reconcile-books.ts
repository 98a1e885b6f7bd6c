import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OpenSessionRows } from "../../../../lib/acquiring/queries/open-sessions"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { followOpenOrders } from "../../../../lib/acquiring/books/follow-open"
import { recordOpenedSessions } from "../../../../lib/acquiring/books/opened"

/**
 * After the carts: the books' open gateway orders attached or closed, and those whose session Medusa
 * deleted and whose notification never came listed for settling. No compensation: what it writes is
 * what Medusa and the gateway hold, and the orphans stay open for the next run to settle.
 */
export const reconcileBooksStep = createStep(
  "acquiring-reconcile-books",
  async ({ target, sessions }: { target: ReconcileTarget; sessions: OpenSessionRows | null }, { container }) => {
    if (!sessions) return new StepResponse({ orphans: [] as Array<{ order_no: string; reason: string }> })
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    await recordOpenedSessions(container, sessions.open)
    const followed = await followOpenOrders(container, c, new Date(target.since))
    return new StepResponse({ orphans: followed.orphans })
  },
)
