import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cartLines, type CartPlan } from "../../../../lib/acquiring/reconcile/cart-plan"
import type { ItemResult, PlannedItem } from "../../../../lib/acquiring/items/record-item"

export interface CartsReportInput {
  plan: CartPlan
  results: ItemResult[]
  settled: { items: PlannedItem[]; slot_of: number[]; results: ItemResult[] }
}

/** The open carts' lines once completed, authorised or given back. */
export const reportCartsStep = createStep(
  "acquiring-reconcile-report-carts",
  async ({ plan, results, settled }: CartsReportInput) =>
    new StepResponse({ sessions_checked: plan.sessions_checked, changes: cartLines(plan, results, settled) }),
)
