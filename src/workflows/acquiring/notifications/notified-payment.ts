import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { paymentAlreadyRecordedStep, type PaymentNotification } from "./steps/payment-already-recorded"
import { paymentOutcomeStep } from "./steps/payment-outcome"
import { runProcessPaymentStep } from "./steps/run-process-payment"

export const notifiedPaymentWorkflowId = "acquiring-notified-payment"

/** A confirmed payment or review result: Medusa's processPaymentWorkflow, unless Medusa already holds it. */
export const notifiedPaymentWorkflow = createWorkflow(notifiedPaymentWorkflowId, (input: PaymentNotification) => {
  const known = paymentAlreadyRecordedStep(input)
  const outcome = when({ known }, ({ known }) => !known).then(() => {
    runProcessPaymentStep(input)
    return paymentOutcomeStep(input)
  })
  return new WorkflowResponse(transform({ known, outcome }, ({ known, outcome }) => known ?? outcome!))
})
