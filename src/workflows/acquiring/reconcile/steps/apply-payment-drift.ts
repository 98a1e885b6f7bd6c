import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { driftLines, type DriftSlot } from "../../../../lib/acquiring/reconcile/drift-plan"
import type { ItemResult, PlannedItem } from "../../../../lib/acquiring/items/record-item"

/** The drift's lines once its captures and refunds ran: what held, and an error line for what failed. */
export const applyPaymentDriftStep = createStep(
  "acquiring-reconcile-apply-payment-drift",
  async ({ slots, items, results }: { slots: DriftSlot[]; items: PlannedItem[]; results: ItemResult[] }) =>
    new StepResponse({ changes: driftLines(slots, items, results) }),
)
