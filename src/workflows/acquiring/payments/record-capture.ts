import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { SealedPaymentData } from "../../../lib/acquiring/payments/sealed-capture"
import { updatePaymentDataStep } from "../notifications/steps/update-payment-data"

export const RECORD_CAPTURE_WORKFLOW = "acquiring-record-capture"

export interface RecordCaptureInput {
  payment_id: string
  amount: string
  /** The payment data with the gateway's confirmation sealed in (sealedCapture); null: the provider asks the gateway. */
  sealed: SealedPaymentData | null
}

/** The one way a capture reaches Medusa's records; if Medusa's workflow fails the data is put back. */
export const recordCaptureWorkflow = createWorkflow(
  RECORD_CAPTURE_WORKFLOW,
  (input: WorkflowData<RecordCaptureInput>) => {
    when({ input }, ({ input }) => !!input.sealed).then(() => {
      updatePaymentDataStep(transform({ input }, ({ input }) => input.sealed!))
    })
    const capture = transform({ input }, ({ input }) => ({ payment_id: input.payment_id, amount: input.amount }))
    const payment = capturePaymentWorkflow.runAsStep({ input: capture })
    return new WorkflowResponse(payment)
  },
)
