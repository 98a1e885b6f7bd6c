import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules, PaymentCollectionStatus } from "@medusajs/framework/utils"

/** Statuses that claim money the collection's canceled payments no longer hold. */
const CLAIMS_MONEY = new Set<string>([PaymentCollectionStatus.AUTHORIZED, PaymentCollectionStatus.PARTIALLY_AUTHORIZED])

/**
 * The payment module recomputes a collection's status when a payment is authorised or captured,
 * not when one is canceled: a voided authorisation leaves it `authorized`, and the order's
 * payment_status (computed from its collections) says so. A collection whose every payment is
 * canceled is set `canceled`, as Medusa's own order cancel sets it. Returns whether it changed.
 */
export async function cancelVoidedCollection(container: MedusaContainer, collectionId: string): Promise<boolean> {
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const collection = await payments.retrievePaymentCollection(collectionId, {
    select: ["id", "status"],
    relations: ["payments"],
  })
  const all = collection.payments ?? []
  if (!CLAIMS_MONEY.has(collection.status) || !all.length || all.some((p) => !p.canceled_at)) return false
  await payments.updatePaymentCollections(collectionId, { status: PaymentCollectionStatus.CANCELED })
  return true
}
