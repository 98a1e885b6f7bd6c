import type { IOrderModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { writeReviewDecision, type ReviewDecisionRecord } from "../../../../lib/acquiring/review/decision"

/** The decision on the order's metadata; undone, the metadata is put back. */
export const recordReviewDecisionStep = createStep(
  "acquiring-record-review-decision",
  async (input: ReviewDecisionRecord, { container }) => {
    const previous = await writeReviewDecision(container, input)
    return new StepResponse(undefined, { order_id: input.order_id, metadata: previous })
  },
  async (undo, { container }) => {
    if (!undo) return
    // Metadata may be merged on update: the key is blanked, never left with this decision.
    const metadata = { ...undo.metadata, acquiring_review: undo.metadata.acquiring_review ?? null }
    await container.resolve<IOrderModuleService>(Modules.ORDER).updateOrders(undo.order_id, { metadata })
  },
)
