import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { settleNotifiedOrphanStep, type OrphanNotification } from "./steps/settle-notified-orphan"

export const notifiedOrphanWorkflowId = "acquiring-notified-orphan"

/** Money on an order whose session Medusa deleted: into the books, then given back. */
export const notifiedOrphanWorkflow = createWorkflow(notifiedOrphanWorkflowId, (input: OrphanNotification) => {
  return new WorkflowResponse(settleNotifiedOrphanStep(input))
})
