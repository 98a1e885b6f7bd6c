import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { RefundRecord } from "../../../gateway/schemas/transactions"
import type { RefundResult } from "../../../gateway/schemas/batch"
import type { PaymentView } from "../../../lib/acquiring/queries/payments"
import { recordCancel, recordCapture, recordGatewayRefund, sealedCapture } from "../payments"
import type { BulkOperation } from "./plan"

/**
 * Record what the gateway did through Medusa's own paths (capture with the sealed confirmation, refund
 * claimed, cancelPayment), so the provider sends nothing again.
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
  if (op === "capture") {
    const sealed = sealedCapture(container, payment, { amount, source })
    await recordCapture(container, { payment_id: payment.id, amount, sealed })
    return
  }
  if (op === "cancel") return recordCancel(container, payment.id)
  if (!refund || !payment.data) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "no gateway refund to record")
  await recordGatewayRefund(container, {
    payment_id: payment.id,
    amount,
    refund_reference_id: refund.refund_reference_id,
    refund,
    source: "bulk",
  })
}
