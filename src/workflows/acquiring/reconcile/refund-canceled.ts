import type { PaymentDTO } from "@medusajs/framework/types"
import { MathBN, PaymentEvents } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { addOrderTransactionStep, emitEventStep, refundPaymentStep } from "@medusajs/medusa/core-flows"

export interface RefundCanceledInput {
  payment_id: string
  order_id: string
  amount: string
  note: string
}

/**
 * refundPaymentWorkflow's own steps less the refund credit line: that is an order change, which
 * Medusa refuses on a canceled order.
 */
export const refundCanceledOrderWorkflow = createWorkflow(
  "acquiring-refund-canceled-order",
  (input: RefundCanceledInput) => {
    const payment = refundPaymentStep(
      transform({ input }, ({ input }) => ({ payment_id: input.payment_id, amount: input.amount, note: input.note })),
    )
    const transaction = transform({ input, payment }, ({ input, payment }) => {
      const refunds = [...((payment as PaymentDTO).refunds ?? [])].sort(
        (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime(),
      )
      return {
        order_id: input.order_id,
        amount: MathBN.mult(input.amount, -1),
        currency_code: (payment as PaymentDTO).currency_code,
        reference_id: refunds[0]?.id,
        reference: "refund",
      }
    })
    addOrderTransactionStep(transaction)
    emitEventStep({
      eventName: PaymentEvents.REFUNDED,
      data: transform({ input }, ({ input }) => ({ id: input.payment_id })),
    })
    return new WorkflowResponse(payment)
  },
)
