import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { planSettlements, type CartPlan } from "../../../../lib/acquiring/reconcile/cart-plan"
import type { ItemResult } from "../../../../lib/acquiring/items/record-item"

/** After the completions: the carts that can never become orders, their grace over, to give back. */
export const planUnplaceableStep = createStep(
  "acquiring-reconcile-plan-unplaceable",
  async ({ plan, results }: { plan: CartPlan; results: ItemResult[] }) =>
    new StepResponse(planSettlements(plan, results)),
)
