import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { TrackedDispute } from "../../../../lib/acquiring/disputes"
import { acquiringOf } from "../../../../modules/acquiring"

export interface SaveDisputeInput {
  payment_id: string
  order_no: string
  dispute: TrackedDispute
}

/** One dispute into the books; undone by putting back what it was (or removing a new one). */
export const saveDisputeStep = createStep(
  "acquiring-save-dispute",
  async (input: SaveDisputeInput, { container }) => {
    const previous = await acquiringOf(container).saveDispute(input.payment_id, input.order_no, input.dispute)
    return new StepResponse(undefined, { payment_id: input.payment_id, dispute_id: input.dispute.id, previous })
  },
  async (undo, { container }) => {
    if (undo) await acquiringOf(container).restoreDispute(undo.payment_id, undo.dispute_id, undo.previous)
  },
)
