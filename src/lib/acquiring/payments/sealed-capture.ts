import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringOptionsFor } from "../config"
import { sealConfirmedCapture, type ConfirmedCapture } from "../confirmed-capture"
import type { PaymentView } from "../queries/payments"
import { sealKeyOf } from "../snapshot/seal"

/** The payment data to write before a capture is recorded, and what it was before (to put back). */
export interface SealedPaymentData {
  payment_id: string
  data: Record<string, unknown>
  previous: Record<string, unknown>
}

/** A batch-confirmed capture sealed into the data, so the provider does not ask the gateway again. */
export function sealedCapture(
  container: MedusaContainer,
  payment: Pick<PaymentView, "id" | "provider_id" | "data">,
  confirmed: Pick<ConfirmedCapture, "amount" | "source">,
): SealedPaymentData | null {
  const options = acquiringOptionsFor(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), payment.provider_id)
  if (!payment.data || !options) return null
  const confirmed_capture = sealConfirmedCapture(sealKeyOf(options), payment.data.order_no, confirmed)
  return { payment_id: payment.id, data: { ...payment.data, confirmed_capture }, previous: payment.data }
}
