import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { recordDisputeWorkflow } from "./record-dispute"
import { answerDisputeNoticeStep } from "./steps/answer-dispute-notice"
import { mergeDisputeNoticeStep, type DisputeNotification } from "./steps/merge-dispute-notice"

export const notifiedDisputeWorkflowId = "acquiring-notified-dispute"

/**
 * A confirmed dispute notice, under the payment's lock: merged into the books' disputes of the payment,
 * each change announced once. The recording's failure is the answer (503), not this workflow's.
 */
export const notifiedDisputeWorkflow = createWorkflow(notifiedDisputeWorkflowId, (input: DisputeNotification) => {
  const key = transform({ input }, ({ input }) => LOCK_KEYS.payment(input.target.payment_id))
  acquireLockStep({ key, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
  const found = mergeDisputeNoticeStep(input)
  const recorded = when({ found }, ({ found }) => !!found.next?.record).then(() =>
    recordDisputeWorkflow
      .runAsStep({ input: transform({ found }, ({ found }) => found.next!.record!) })
      .config({ continueOnPermanentFailure: true }),
  )
  releaseLockStep({ key, executeOnSubWorkflow: true })
  return new WorkflowResponse(answerDisputeNoticeStep({ input, found, recorded }))
})
