import { PaymentEvents } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { addOrderTransactionStep, emitEventStep } from "@medusajs/medusa/core-flows"
import { recordPaymentCapturesStep, type CaptureToRecord } from "./steps/record-payment-captures"

export const recordCapturesWorkflowId = "acquiring-record-captures"

/**
 * Record many confirmed gateway captures in Medusa: what capturePaymentWorkflow records per
 * payment (capture rows, the order transactions, `payment.captured`), as one batch. Each step
 * undoes itself when a later one fails, so a batch is recorded whole or not at all.
 */
export const recordCapturesWorkflow = createWorkflow(
  recordCapturesWorkflowId,
  (input: { captures: CaptureToRecord[] }) => {
    const result = recordPaymentCapturesStep(input)
    const transactions = transform({ result }, ({ result }) =>
      result.recorded.map((c) => ({
        order_id: c.order_id,
        amount: c.amount,
        currency_code: c.currency_code,
        reference: "capture",
        reference_id: c.capture_id,
      })),
    )
    addOrderTransactionStep(transactions)
    const events = transform({ result }, ({ result }) => result.recorded.map((c) => ({ id: c.payment_id })))
    emitEventStep({ eventName: PaymentEvents.CAPTURED, data: events })
    return new WorkflowResponse(result)
  },
)
