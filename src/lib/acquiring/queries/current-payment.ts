import type { MedusaContainer } from "@medusajs/framework/types"
import { tryReadData, type AcquiringData } from "../payment-data"
import { paymentNow, type PaymentNow } from "./notice-payment"

/** The payment is gone or its data is not the acquiring provider's: nothing to record on. */
export class NotAcquiringPaymentError extends Error {}

export interface CurrentPayment extends PaymentNow {
  acquiring: AcquiringData
}

export async function currentPayment(container: MedusaContainer, id: string): Promise<CurrentPayment> {
  const p = await paymentNow(container, id)
  const acquiring = p ? tryReadData(p.data) : null
  if (!p || !acquiring) throw new NotAcquiringPaymentError(`payment ${id} is not an acquiring payment`)
  return { ...p, acquiring }
}
