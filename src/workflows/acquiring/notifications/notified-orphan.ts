import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { SUCCESS, type NotifyReply } from "../../../lib/acquiring/notifications/replies"
import { settleOrphanWorkflow } from "../books/settle-orphan"
import { recordNotifiedOrphanStep, type OrphanNotification } from "./steps/record-notified-orphan"
import { TRY_AGAIN } from "./steps/replying-step"

export const notifiedOrphanWorkflowId = "acquiring-notified-orphan"

/** Money on an order whose session Medusa deleted: into the books, then given back. */
export const notifiedOrphanWorkflow = createWorkflow(notifiedOrphanWorkflowId, (input: OrphanNotification) => {
  const found = recordNotifiedOrphanStep(input)
  const settled = when({ found }, ({ found }) => !!found.next).then(() =>
    settleOrphanWorkflow
      .runAsStep({ input: transform({ found }, ({ found }) => found.next!) })
      // Its failure is the answer (503: send it again), not this workflow's; it undoes itself.
      .config({ continueOnPermanentFailure: true }),
  )
  const reply = transform({ found, settled }, ({ found, settled }): NotifyReply => {
    if (found.reply) return found.reply
    return settled ? { ...SUCCESS, changed: settled.detail } : TRY_AGAIN
  })
  return new WorkflowResponse(reply)
})
