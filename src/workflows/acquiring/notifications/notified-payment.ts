import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { settleKeptAfterPaymentWorkflow } from "../kept/settle-after-payment"
import { noteKeptSettledStep } from "./steps/note-kept-settled"
import { paymentAlreadyRecordedStep, type PaymentNotification } from "./steps/payment-already-recorded"
import { paymentOutcomeStep } from "./steps/payment-outcome"
import { releaseStockLocksStep } from "../carts/steps/release-stock-locks"
import { runProcessPaymentStep } from "./steps/run-process-payment"
import { takeStockLocksStep } from "../carts/steps/take-stock-locks"

export const notifiedPaymentWorkflowId = "acquiring-notified-payment"

/**
 * A confirmed payment or review result: Medusa's processPaymentWorkflow under the session's lock and the
 * cart's stock locks (as the store route's completion holds them), unless Medusa already holds it.
 */
export const notifiedPaymentWorkflow = createWorkflow(notifiedPaymentWorkflowId, (input: PaymentNotification) => {
  const known = paymentAlreadyRecordedStep(input)
  const outcome = when({ known }, ({ known }) => !known).then(() => {
    const session = transform({ input }, ({ input }) => LOCK_KEYS.session(input.session.id))
    acquireLockStep({ key: session, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
    const stock = takeStockLocksStep(
      transform({ input }, ({ input }) => ({ collection_id: input.session.payment_collection_id })),
    )
    runProcessPaymentStep(input)
    releaseStockLocksStep(stock)
    releaseLockStep({ key: session, executeOnSubWorkflow: true })
    return paymentOutcomeStep(input)
  })
  const settled = when({ outcome }, ({ outcome }) => !!outcome?.kept_of).then(() =>
    settleKeptAfterPaymentWorkflow
      .runAsStep({ input: transform({ outcome }, ({ outcome }) => ({ collection_id: outcome!.kept_of! })) })
      // Its failure never fails the reply: the payment is recorded already.
      .config({ continueOnPermanentFailure: true }),
  )
  noteKeptSettledStep({ outcome, settled })
  return new WorkflowResponse(transform({ known, outcome }, ({ known, outcome }) => known ?? outcome!.reply))
})
