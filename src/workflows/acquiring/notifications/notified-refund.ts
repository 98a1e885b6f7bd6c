import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { recordNotifiedRefundsWorkflow } from "./record-refunds"
import { answerRefundNoticeStep } from "./steps/answer-refund-notice"
import { findRefundNoticeStep, type RefundNotification } from "./steps/find-refund-notice"

export const notifiedRefundWorkflowId = "acquiring-notified-refund"

/**
 * A signed refund notice: the payment's refunds as the gateway lists them, under the payment's lock
 * (none without a Medusa payment). The recording's failure is the answer (503), not this workflow's.
 */
export const notifiedRefundWorkflow = createWorkflow(notifiedRefundWorkflowId, (input: RefundNotification) => {
  const key = transform({ input }, ({ input }) => (input.target ? [LOCK_KEYS.payment(input.target.payment_id)] : []))
  acquireLockStep({ key, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
  const found = findRefundNoticeStep(input)
  const recorded = when({ found }, ({ found }) => !!found.next).then(() =>
    recordNotifiedRefundsWorkflow
      .runAsStep({ input: transform({ found }, ({ found }) => found.next!) })
      .config({ continueOnPermanentFailure: true }),
  )
  releaseLockStep({ key, executeOnSubWorkflow: true })
  return new WorkflowResponse(answerRefundNoticeStep({ input, found, recorded }))
})
