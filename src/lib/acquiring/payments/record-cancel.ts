import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * Record a void the gateway already made. Core-flows has none that cancels one payment and reports
 * failure: cancelPaymentStep swallows errors, cancelPaymentCollectionWorkflow takes the whole collection.
 */
export async function recordCancel(container: MedusaContainer, paymentId: string): Promise<void> {
  await container.resolve<IPaymentModuleService>(Modules.PAYMENT).cancelPayment(paymentId)
}
