import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * The one way a void the gateway already made reaches Medusa's records (bulk, reconciliation):
 * the payment module's cancelPayment (the provider sees the void at the gateway and sends
 * nothing). Core-flows has no workflow that cancels one payment and reports its failure: its
 * cancelPaymentStep logs and swallows errors, and cancelPaymentCollectionWorkflow cancels the
 * whole collection.
 */
export async function recordCancel(container: MedusaContainer, paymentId: string): Promise<void> {
  await container.resolve<IPaymentModuleService>(Modules.PAYMENT).cancelPayment(paymentId)
}
