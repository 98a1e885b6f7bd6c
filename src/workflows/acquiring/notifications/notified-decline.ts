import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { recordDeclineStep, type DeclineNotification } from "./steps/record-decline"

export const notifiedDeclineWorkflowId = "acquiring-notified-decline"

/** A confirmed decline or cancel: nothing for Medusa's workflow; the reason is kept for the storefront. */
export const notifiedDeclineWorkflow = createWorkflow(notifiedDeclineWorkflowId, (input: DeclineNotification) => {
  const reply = recordDeclineStep(input)
  return new WorkflowResponse(reply)
})
