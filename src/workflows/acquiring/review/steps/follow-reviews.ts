import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ItemResult } from "../../../../lib/acquiring/items/record-item"
import { orderSessions } from "../../../../lib/acquiring/queries/review-sessions"
import { reviewOutcome, reviewsApplied } from "../../../../lib/acquiring/review/apply"
import { writeReviewDecision } from "../../../../lib/acquiring/review/decision"
import type { PlannedReview, ReviewOutcome } from "../../../../lib/acquiring/review/types"

export interface FollowReviewsInput {
  planned: PlannedReview[]
  refused: Record<string, string>
  /** The runs of the decisions the gateway took, in order. */
  results: ItemResult[]
  actor?: string
}

/**
 * Each decision's outcome, logged when Medusa followed it. No compensation: it is the last step, and
 * what it writes (a decision the notification applied meanwhile) is the gateway's, which is final.
 */
export const followReviewsStep = createStep(
  "acquiring-review-follow",
  async (input: FollowReviewsInput, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
    const outcomes: ReviewOutcome[] = []
    for (const a of reviewsApplied(input.planned, input.refused, input.results)) {
      const failed = "result" in a && a.result.status === "failed"
      const outcome = reviewOutcome(a, failed && (await authorisedMeanwhile(container, a.planned, input.actor)))
      const { decision, order_id } = a.planned.input
      if (outcome.status === "accepted" || outcome.status === "rejected")
        logger.info(`acquiring: review ${decision} of ${outcome.order_no} applied to order ${order_id}`)
      outcomes.push(outcome)
    }
    return new StepResponse(outcomes)
  },
)

/** The gateway's review notification may have authorised it meanwhile (webhook path): that is the goal. */
async function authorisedMeanwhile(container: MedusaContainer, p: PlannedReview, actor?: string): Promise<boolean> {
  if (p.input.decision !== "accept") return false
  try {
    const after = (await orderSessions(container, [p.input.order_id])).get(p.input.order_id)
    if (!after?.has_payment) return false
    const { order_id, decision } = p.input
    await writeReviewDecision(container, { order_id, decision, actor, transaction_id: p.record.transaction_id })
    return true
  } catch {
    return false
  }
}
