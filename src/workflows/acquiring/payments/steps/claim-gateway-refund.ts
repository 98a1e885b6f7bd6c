import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { RefundRecord } from "../../../../gateway/schemas/transactions"
import { writePaymentData } from "../../../../lib/acquiring/payment-data"
import { mergeRefunds, parseTracked, refundedTotal, type TrackedRefund } from "../../../../lib/acquiring/refunds"
import type { GatewayRefundInput } from "../../../../lib/acquiring/payments/gateway-refund"

async function readRefunds(payments: IPaymentModuleService, id: string) {
  const payment = await payments.retrievePayment(id, { select: ["id", "data"] })
  const data = (payment.data ?? {}) as Record<string, unknown>
  return { data, refunds: parseTracked(data.refunds) }
}

const writeRefunds = (
  payments: IPaymentModuleService,
  id: string,
  data: Record<string, unknown>,
  refunds: TrackedRefund[],
) => writePaymentData(payments, id, { ...data, refunds, refunded_amount: refundedTotal(refunds) })

const unconsumed = (r: TrackedRefund, ref: string) => r.refund_reference_id === ref && !r.medusa_refund_id

/**
 * Claim the gateway's refund so the Medusa refund that follows records it instead of refunding again.
 * Undone on failure: a stale claim would swallow the merchant's next refund of the same amount.
 */
export const claimGatewayRefundStep = createStep(
  "acquiring-claim-gateway-refund",
  async (input: GatewayRefundInput, { container }) => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const { data, refunds: known } = await readRefunds(payments, input.payment_id)
    const refunds = input.refund ? mergeRefunds(known, [input.refund as RefundRecord]) : known
    const entry = refunds.find((r) => unconsumed(r, input.refund_reference_id))
    if (!entry || entry.claim) return new StepResponse(undefined, null) // already claimed: not ours to undo
    const claimed = refunds.map((r) => (r === entry ? { ...r, claim: true } : r))
    await writeRefunds(payments, input.payment_id, data, claimed)
    return new StepResponse(undefined, { payment_id: input.payment_id, refund_reference_id: input.refund_reference_id })
  },
  async (undo, { container }) => {
    if (!undo) return
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const { data, refunds } = await readRefunds(payments, undo.payment_id)
    if (!refunds.some((r) => unconsumed(r, undo.refund_reference_id) && r.claim)) return
    const withdrawn = refunds.map((r) => {
      if (!unconsumed(r, undo.refund_reference_id)) return r
      const { claim: _claim, ...rest } = r
      return rest
    })
    await writeRefunds(payments, undo.payment_id, data, withdrawn)
  },
)
