import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { applyDisputeNoticeStep, type DisputeNotification } from "./steps/apply-dispute-notice"

export const notifiedDisputeWorkflowId = "acquiring-notified-dispute"

/** A confirmed dispute notice: merged into the books' disputes of the payment, each change announced once. */
export const notifiedDisputeWorkflow = createWorkflow(notifiedDisputeWorkflowId, (input: DisputeNotification) => {
  return new WorkflowResponse(applyDisputeNoticeStep(input))
})
