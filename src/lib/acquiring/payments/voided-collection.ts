import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules, PaymentCollectionStatus } from "@medusajs/framework/utils"

/** Statuses that claim money the collection's canceled payments no longer hold. */
const CLAIMS_MONEY = new Set<string>([PaymentCollectionStatus.AUTHORIZED, PaymentCollectionStatus.PARTIALLY_AUTHORIZED])

/**
 * The payment module recomputes a collection's status on authorise or capture, not on cancel: a
 * voided authorisation leaves it `authorized`. Set `canceled` as Medusa's order cancel does.
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
