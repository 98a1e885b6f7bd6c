import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { reviewItems } from "../../../lib/acquiring/review/apply"
import { recordEachItemStep } from "../items/steps/record-each-item"
import { followReviewsStep } from "./steps/follow-reviews"
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
 * plan → one /v1/review series per account (no return after it) → Medusa follows, an item per
 * order → the outcomes. A retried call finds the gateway decided and only finishes Medusa.
 */
export const reviewDecisionsWorkflow = createWorkflow(
  "acquiring-review-decisions",
  (input: WorkflowData<ReviewDecisionsWorkflowInput>) => {
    const plan = planReviewsStep({ decisions: input.decisions })
    const refused = sendReviewsStep({ planned: plan.planned })
    const applied = recordEachItemStep(
      transform({ input, plan, refused }, ({ input, plan, refused }) => ({
        items: reviewItems(plan.planned, refused, input.actor),
      })),
    ).config({ name: "acquiring-review-apply" })
    const followed = followReviewsStep(
      transform({ input, plan, refused, applied }, ({ input, plan, refused, applied }) => ({
        planned: plan.planned,
        refused,
        results: applied.results,
        actor: input.actor,
      })),
    )
    const outcomes = transform({ input, plan, followed }, ({ input, plan, followed }) => {
      const byOrder = new Map<string, ReviewOutcome>()
      for (const o of [...plan.outcomes, ...followed]) byOrder.set(o.order_id, o)
      return input.decisions.map((d) => byOrder.get(d.order_id)!)
    })
    return new WorkflowResponse(outcomes)
  },
)
