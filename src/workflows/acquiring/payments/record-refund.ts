import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { RefundResult } from "../../../gateway/schemas/batch"
import type { RefundRecord } from "../../../gateway/schemas/transactions"
import { writePaymentData } from "../../../lib/acquiring/payment-data"
import { mergeRefunds, parseTracked, refundedTotal, type TrackedRefund } from "../../../lib/acquiring/refunds"

export interface GatewayRefundInput {
  payment_id: string
  refund_reference_id: string
  amount: string
  /** The gateway's refund when the payment data may not track it yet (a bulk batch answer): merged first. */
  refund?: RefundRecord | RefundResult
  source?: "bulk" | "reconciliation"
}

export const RECORD_GATEWAY_REFUND_WORKFLOW = "acquiring-record-gateway-refund"

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

export const recordGatewayRefund = (container: MedusaContainer, input: GatewayRefundInput) =>
  recordGatewayRefundWorkflow(container).run({ input })
