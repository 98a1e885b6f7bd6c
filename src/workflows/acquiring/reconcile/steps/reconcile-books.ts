import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { followOpenOrders } from "../../../../lib/acquiring/books/follow-open"
import { recordOpenedSessions } from "../../../../lib/acquiring/books/opened"
import { settleOrphanWorkflow } from "../../books/settle-orphan"
import type { ReconcileInput } from "../run"
import { eachTarget, type ReconcileTarget, type TargetParts } from "../targets"
import { foundFor, type SessionsPart } from "./find-open-sessions"

/** After the carts: settle gateway orders whose session Medusa deleted and whose notification never came. */
export const reconcileBooksStep = createStep(
  "acquiring-reconcile-books",
  async (
    {
      input,
      targets,
      found,
      previous,
    }: { input: ReconcileInput; targets: ReconcileTarget[]; found: SessionsPart[]; previous: TargetParts },
    { container },
  ) => {
    const parts = await eachTarget(container, targets, previous, async (c, target, part) => {
      if (input.order_ids) return
      await recordOpenedSessions(container, foundFor(found, target.config_id)?.open ?? [])
      const settle = async (order_no: string, reason: string) =>
        (await settleOrphanWorkflow(container).run({ input: { order_no, reason } })).result
      const followed = await followOpenOrders(container, c, new Date(target.since), settle)
      for (const o of followed.outcomes) {
        if (o.action === "void" || o.action === "refund" || o.action === "report")
          part.changes.push({
            kind: o.action === "report" ? "orphan_reported" : "orphan_settled",
            order_no: o.order_no,
            detail: o.detail,
          })
      }
    })
    return new StepResponse(parts)
  },
)
