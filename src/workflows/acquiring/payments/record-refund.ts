import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { GatewayRefundInput } from "../../../lib/acquiring/payments/gateway-refund"
import { claimGatewayRefundStep } from "./steps/claim-gateway-refund"

export type { GatewayRefundInput } from "../../../lib/acquiring/payments/gateway-refund"

export const RECORD_GATEWAY_REFUND_WORKFLOW = "acquiring-record-gateway-refund"

/** The one way a gateway-made refund reaches Medusa: claim it, then refundPaymentWorkflow (nothing sent). */
export const recordGatewayRefundWorkflow = createWorkflow(
  RECORD_GATEWAY_REFUND_WORKFLOW,
  (input: GatewayRefundInput) => {
    claimGatewayRefundStep(input)
    const refund = transform({ input }, ({ input }) => ({
      payment_id: input.payment_id,
      amount: input.amount,
      note: `Gateway refund ${input.refund_reference_id} (${input.source ?? "reconciliation"})`,
    }))
    const payment = refundPaymentWorkflow.runAsStep({ input: refund })
    return new WorkflowResponse(payment)
  },
)
