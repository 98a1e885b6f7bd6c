import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import { settleOrphanWorkflow } from "../../books/settle-orphan"

/**
 * Runs settleOrphanWorkflow once per orphan the books step listed, known only at run time; each takes
 * its gateway order's lock. A failure stops the run, as a gateway failure should.
 */
export const settleEachOrphanStep = createStep(
  "acquiring-reconcile-settle-each-orphan",
  async ({ orphans }: { orphans: Array<{ order_no: string; reason: string }> }, { container }) => {
    const changes: ReconcileChange[] = []
    for (const { order_no, reason } of orphans) {
      const { result: o } = await settleOrphanWorkflow(container).run({ input: { order_no, reason } })
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
