import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { applyEachReviewDecisionStep } from "./steps/apply-each-review-decision"
import { planReviewsStep } from "./steps/plan-reviews"
import { sendReviewsStep } from "./steps/send-reviews"
import type { ReviewDecisionInput, ReviewOutcome } from "../../../lib/acquiring/review/types"

export type { ReviewDecisionInput, ReviewOutcome } from "../../../lib/acquiring/review/types"

export interface ReviewDecisionsWorkflowInput {
  decisions: ReviewDecisionInput[]
  /** Who decided (the admin user), recorded on the order. */
  actor?: string
}

/**
 * plan → one /v1/review series per account (no return after it) → Medusa follows per order.
 * A retried call finds the gateway decided and only finishes Medusa.
 */
export const reviewDecisionsWorkflow = createWorkflow(
  "acquiring-review-decisions",
  (input: WorkflowData<ReviewDecisionsWorkflowInput>) => {
    const plan = planReviewsStep({ decisions: input.decisions })
    const refused = sendReviewsStep({ planned: plan.planned })
    const applied = applyEachReviewDecisionStep({ planned: plan.planned, refused, actor: input.actor })
    const outcomes = transform({ input, plan, applied }, ({ input, plan, applied }) => {
      const byOrder = new Map<string, ReviewOutcome>()
      for (const o of [...plan.outcomes, ...applied]) byOrder.set(o.order_id, o)
      return input.decisions.map((d) => byOrder.get(d.order_id)!)
    })
    return new WorkflowResponse(outcomes)
  },
)
