import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { acquiringOptionsFor } from "../../../lib/acquiring/config"
import { sealConfirmedCapture, type ConfirmedCapture } from "../../../lib/acquiring/confirmed-capture"
import type { PaymentView } from "../../../lib/acquiring/queries/payments"
import { sealKeyOf } from "../../../lib/acquiring/snapshot/seal"
import { updatePaymentDataStep, type PaymentDataUpdate } from "../notifications/steps/update-payment-data"

export const RECORD_CAPTURE_WORKFLOW = "acquiring-record-capture"

export interface RecordCaptureInput {
  payment_id: string
  amount: string
  /** The payment data with the gateway's confirmation sealed in (sealedCapture); null: the provider asks the gateway. */
  sealed: PaymentDataUpdate | null
}

/** A batch-confirmed capture sealed into the data, so the provider does not ask the gateway again. */
export function sealedCapture(
  container: MedusaContainer,
  payment: Pick<PaymentView, "id" | "provider_id" | "data">,
  confirmed: Pick<ConfirmedCapture, "amount" | "source">,
): PaymentDataUpdate | null {
  const options = acquiringOptionsFor(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), payment.provider_id)
  if (!payment.data || !options) return null
  const confirmed_capture = sealConfirmedCapture(sealKeyOf(options), payment.data.order_no, confirmed)
  return { payment_id: payment.id, data: { ...payment.data, confirmed_capture }, previous: payment.data }
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

export const recordCapture = (container: MedusaContainer, input: RecordCaptureInput) =>
  recordCaptureWorkflow(container).run({ input })
