import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import type { ItemResult } from "../../../../lib/acquiring/items/record-item"

/** The orphans settled or left to the admin, as report lines. */
export const reportOrphansStep = createStep(
  "acquiring-reconcile-report-orphans",
  async ({ results }: { results: ItemResult[] }) => {
    const changes: ReconcileChange[] = []
    for (const r of results) {
      const o = r.status === "done" ? r.orphan : undefined
      if (o && (o.action === "void" || o.action === "refund" || o.action === "report"))
        changes.push({
          kind: o.action === "report" ? "orphan_reported" : "orphan_settled",
          order_no: o.order_no,
          detail: o.detail,
        })
    }
    return new StepResponse({ changes })
  },
)
