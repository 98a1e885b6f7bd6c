import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updatePaymentDataStep, type PaymentDataUpdate } from "./steps/update-payment-data"

export const recordNotifiedRefundsWorkflowId = "acquiring-record-notified-refunds"

/**
 * The gateway's refunds of one payment, as a refund notification confirmed them, into
 * payment.data.refunds (refunded_amount with them). Medusa refund rows for refunds made in the
 * portal are reconciliation's to create (src/workflows/acquiring/reconcile), not this one's.
 */
export const recordNotifiedRefundsWorkflow = createWorkflow(
  recordNotifiedRefundsWorkflowId,
  (input: PaymentDataUpdate) => {
    updatePaymentDataStep(input)
    return new WorkflowResponse(input.payment_id)
  },
)
