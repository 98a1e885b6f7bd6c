import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { recordCancel } from "../../../../lib/acquiring/payments/record-cancel"

/** A void the gateway already made, recorded; a canceled payment cannot be un-canceled, so no compensation. */
export const recordCancelStep = createStep(
  "acquiring-record-cancel",
  async ({ payment_id }: { payment_id: string }, { container }) => {
    await recordCancel(container, payment_id)
    return new StepResponse(payment_id)
  },
)
