import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { capturePaymentWorkflow, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { RefundRecord } from "../../../gateway/schemas/transactions"
import type { RefundResult } from "../../../gateway/schemas/batch"
import { acquiringOptionsFor } from "../../../lib/acquiring/config"
import { sealConfirmedCapture } from "../../../lib/acquiring/confirmed-capture"
import { mergeRefunds, parseTracked, refundedTotal } from "../../../lib/acquiring/refunds"
import { sealKeyOf } from "../../../lib/acquiring/snapshot/seal"
import type { PaymentView } from "../../../lib/acquiring/queries/payments"
import type { BulkOperation } from "./plan"

/**
 * Record in Medusa what the gateway did, through Medusa's workflows. The provider sees the
 * gateway state (capture, cancel) or the claimed refund entry and sends nothing again.
 */
export async function recordInMedusa(
  container: MedusaContainer,
  op: BulkOperation,
  payment: PaymentView,
  amount: string,
  refund?: RefundResult | RefundRecord,
  /** Capture: sent by this call ("medusa") or found done at the gateway, e.g. in its portal ("gateway"). */
  source: "medusa" | "gateway" = "medusa",
): Promise<void> {
  const payments = container.resolve(Modules.PAYMENT) as IPaymentModuleService
  if (op === "capture") {
    // The batch verdict travels in the payment data, sealed, so the provider does not query the gateway per order.
    const options = acquiringOptionsFor(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), payment.provider_id)
    if (payment.data && options) {
      const confirmed_capture = sealConfirmedCapture(sealKeyOf(options), payment.data.order_no, { amount, source })
      await payments.updatePayment({ id: payment.id, data: { ...payment.data, confirmed_capture } } as never)
    }
    await capturePaymentWorkflow(container).run({ input: { payment_id: payment.id, amount } })
    return
  }
  if (op === "cancel") {
    await payments.cancelPayment(payment.id)
    return
  }
  if (!refund || !payment.data) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "no gateway refund to record")
  const merged = mergeRefunds(parseTracked(payment.data.refunds), [refund as RefundRecord]).map((r) =>
    r.refund_reference_id === refund.refund_reference_id && !r.medusa_refund_id ? { ...r, claim: true } : r,
  )
  await payments.updatePayment({
    id: payment.id,
    data: { ...payment.data, refunds: merged, refunded_amount: refundedTotal(merged) },
  } as never)
  await refundPaymentWorkflow(container).run({
    input: { payment_id: payment.id, amount, note: `Gateway refund ${refund.refund_reference_id} (bulk)` },
  })
}
