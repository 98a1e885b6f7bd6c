import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updatePaymentDataStep, type PaymentDataUpdate } from "./steps/update-payment-data"

export const recordNotifiedRefundsWorkflowId = "acquiring-record-notified-refunds"

/** Refunds a notification confirmed, into payment.data.refunds; Medusa rows for portal refunds are reconciliation's. */
export const recordNotifiedRefundsWorkflow = createWorkflow(
  recordNotifiedRefundsWorkflowId,
  (input: PaymentDataUpdate) => {
    updatePaymentDataStep(input)
    return new WorkflowResponse(input.payment_id)
  },
)
