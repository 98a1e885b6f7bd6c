import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { isAcquiringProvider } from "../../../../lib/acquiring/config"
import { cardsOf, PublicSavedCard } from "../../../../lib/acquiring/saved-cards"

type Holder = { id: string; provider_id: string; data?: Record<string, unknown> | null }

/** Shared by the store and admin routes; the payment module's methods call our provider. */
async function holdersOf(scope: MedusaContainer, customerId: string): Promise<Holder[] | null> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "customer",
    fields: ["id", "account_holders.id", "account_holders.provider_id", "account_holders.data"],
    filters: { id: customerId },
  })
  const customer = data[0] as { account_holders?: Array<Holder | null> } | undefined
  if (!customer) return null
  return (customer.account_holders ?? []).filter((h): h is Holder => !!h && isAcquiringProvider(h.provider_id))
}

const paymentModule = (scope: MedusaContainer) => scope.resolve(Modules.PAYMENT)

/** null when the customer does not exist. */
export async function listSavedCards(scope: MedusaContainer, customerId: string): Promise<PublicSavedCard[] | null> {
  const holders = await holdersOf(scope, customerId)
  if (!holders) return null
  const cards: PublicSavedCard[] = []
  for (const h of holders) {
    const methods = await paymentModule(scope).listPaymentMethods({
      provider_id: h.provider_id,
      context: { account_holder: h as never },
    })
    // Only the public fields cross the wire: the provider's list never holds the token, and this parse says so.
    for (const m of methods) cards.push(PublicSavedCard.parse({ ...m.data, id: m.id }))
  }
  return cards.sort((a, b) => a.created_at.localeCompare(b.created_at))
}

/** Another customer's card is a 404, as an unknown one. */
export async function deleteSavedCard(scope: MedusaContainer, customerId: string, cardId: string) {
  const holder = (await holdersOf(scope, customerId))?.find((h) => cardsOf(h.data).some((c) => c.id === cardId))
  if (!holder) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No saved card ${cardId}`)
  await paymentModule(scope).deletePaymentMethods({
    provider_id: holder.provider_id,
    id: cardId,
    context: { account_holder: holder as never },
  })
  return { id: cardId, object: "saved_card" as const, deleted: true as const }
}
