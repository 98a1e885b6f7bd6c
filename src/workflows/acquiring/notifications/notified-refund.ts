import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { applyRefundNoticeStep, type RefundNotification } from "./steps/apply-refund-notice"

export const notifiedRefundWorkflowId = "acquiring-notified-refund"

/** A signed refund notice: the payment's refunds as the gateway lists them, under the payment's lock. */
export const notifiedRefundWorkflow = createWorkflow(notifiedRefundWorkflowId, (input: RefundNotification) => {
  return new WorkflowResponse(applyRefundNoticeStep(input))
})
