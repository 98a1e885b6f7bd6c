import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { heldLines, type HeldPlan } from "../../../../lib/acquiring/reconcile/held-plan"
import type { ItemResult } from "../../../../lib/acquiring/items/record-item"

/** The held orders' lines once the accepted ones ran. */
export const reportHeldStep = createStep(
  "acquiring-reconcile-report-held",
  async ({ plan, results }: { plan: HeldPlan; results: ItemResult[] }) =>
    new StepResponse({ changes: heldLines(plan, results) }),
)
