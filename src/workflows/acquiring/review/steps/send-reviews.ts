import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sendBatch } from "../../../../lib/acquiring/batch"
import { gatewaysOfGroups } from "../../../../lib/acquiring/gateways"
import { pushTo } from "../../../../lib/push-to"
import { movementsOfBatch, recordMovementsAfterSend } from "../../../../lib/acquiring/books/movements"
import { reviewFlag, reviewStep } from "../../../../lib/acquiring/review/map"
import type { PlannedReview } from "../../../../lib/acquiring/review/types"

/**
 * One /v1/review batch series per gateway. The point of no return: a gateway decision cannot be
 * taken back, so no compensation; the next step applies every decision taken.
 */
export const sendReviewsStep = createStep(
  "acquiring-review-send",
  async (input: { planned: PlannedReview[] }, { container }) => {
    const refused: Record<string, string> = {}
    const byProvider = new Map<string, PlannedReview[]>()
    for (const p of input.planned)
      if (reviewStep(p.record, p.input.decision).kind === "send") pushTo(byProvider, p.session.provider_id, p)
    for (const { client, refs: group } of await gatewaysOfGroups(container, byProvider, (p) => p.session.data)) {
      const entries = group.map((p) => ({
        ref: p.session.data,
        transaction_id: p.record.transaction_id ?? "",
        review_flag: reviewFlag(p.input.decision),
      }))
      const { verdicts } = await sendBatch(client, "review", entries)
      for (const [no, v] of verdicts) if (!v.ok) refused[no] = v.error
      await recordMovementsAfterSend(container, movementsOfBatch("review", "review", entries, verdicts))
    }
    return new StepResponse(refused)
  },
)
