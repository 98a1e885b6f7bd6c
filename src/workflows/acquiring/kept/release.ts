import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updatePaymentDataStep } from "../notifications/steps/update-payment-data"
import { markKeptReleasedStep } from "./steps/mark-kept-released"
import { voidKeptStep, type ReleaseKeptInput } from "./steps/void-kept"

export type { ReleaseKeptInput } from "./steps/void-kept"

/** A kept authorisation whose replacement was paid, or whose order was canceled: voided and recorded. */
export const releaseKeptAuthorisationWorkflow = createWorkflow(
  "acquiring-release-kept-authorisation",
  (input: ReleaseKeptInput) => {
    const update = voidKeptStep(input)
    when({ update }, ({ update }) => !!update).then(() => {
      updatePaymentDataStep(update as never)
      markKeptReleasedStep(
        transform({ input }, ({ input }) => ({ payment_id: input.payment_id, outcome: input.outcome })),
      )
    })
    return new WorkflowResponse(update)
  },
)
