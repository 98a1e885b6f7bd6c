import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { BulkRecording } from "../../../lib/acquiring/bulk/finish"
import { recordCaptureWorkflow } from "../payments/record-capture"
import { recordGatewayRefundWorkflow } from "../payments/record-refund"
import { recordCancelStep } from "../payments/steps/record-cancel"

/**
 * One order of a bulk call recorded through Medusa's own paths (capture with the sealed confirmation,
 * refund claimed, cancelPayment), so the provider sends nothing again.
 */
export const recordBulkResultWorkflow = createWorkflow(
  "acquiring-record-bulk-result",
  (input: WorkflowData<BulkRecording>) => {
    when({ input }, ({ input }) => input.operation === "capture").then(() => {
      const capture = transform({ input }, ({ input }) => ({
        payment_id: input.payment_id,
        amount: input.amount,
        sealed: input.sealed,
      }))
      recordCaptureWorkflow.runAsStep({ input: capture })
    })
    when({ input }, ({ input }) => input.operation === "cancel").then(() => {
      recordCancelStep(transform({ input }, ({ input }) => ({ payment_id: input.payment_id })))
    })
    when({ input }, ({ input }) => input.operation === "refund").then(() => {
      const refund = transform({ input }, ({ input }) => ({
        payment_id: input.payment_id,
        amount: input.amount,
        refund_reference_id: input.refund!.refund_reference_id,
        refund: input.refund,
        source: "bulk" as const,
      }))
      recordGatewayRefundWorkflow.runAsStep({ input: refund })
    })
    return new WorkflowResponse(input.payment_id)
  },
)
