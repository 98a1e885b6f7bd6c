import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderSessions } from "../../../../lib/acquiring/queries/review-sessions"
import { writeReviewDecision } from "../../../../lib/acquiring/review/decision"
import type { PlannedReview, ReviewOutcome } from "../../../../lib/acquiring/review/types"
import { applyReviewDecisionWorkflow } from "../apply-review-decision"

export interface ApplyReviewsInput {
  planned: PlannedReview[]
  refused: Record<string, string>
  actor?: string
}

/**
 * Runs the apply workflow once for each decision the gateway took (a list known only at run time), one
 * order at a time. No compensation: undoing would leave Medusa disagreeing with the gateway, whose decision is final.
 */
export const applyEachReviewDecisionStep = createStep(
  "acquiring-review-apply",
  async (input: ApplyReviewsInput, { container }) => {
    const outcomes: ReviewOutcome[] = []
    for (const p of input.planned) {
      const base = { ...p.input, order_no: p.session.data.order_no, transaction_id: p.record.transaction_id }
      const refusal = input.refused[p.session.data.order_no]
      outcomes.push(
        refusal ? { ...base, status: "failed", error: refusal } : await applyDecision(container, p, input.actor),
      )
    }
    return new StepResponse(outcomes)
  },
)

async function applyDecision(container: MedusaContainer, p: PlannedReview, actor?: string): Promise<ReviewOutcome> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const base = { ...p.input, order_no: p.session.data.order_no, transaction_id: p.record.transaction_id }
  let applied: boolean
  try {
    applied = (await applyReviewDecisionWorkflow(container).run({ input: { planned: p, actor } })).result
  } catch (e) {
    applied = await authorisedMeanwhile(container, p, actor)
    if (!applied)
      return {
        ...base,
        status: "failed",
        error: `the gateway recorded the decision; Medusa did not follow: ${(e as Error).message}`,
      }
  }
  if (!applied) return { ...base, status: "already_decided" }
  logger.info(`acquiring: review ${p.input.decision} of ${base.order_no} applied to order ${p.input.order_id}`)
  return { ...base, status: p.input.decision === "accept" ? "accepted" : "rejected" }
}

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
