import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { toAmount } from "../../../../lib/acquiring/money"
import type { CartFacts } from "../../../../lib/acquiring/payment-methods/catalogue"

type Country = { country_code?: string | null } | null
type CartRow = {
  id: string
  region_id: string | null
  currency_code: string
  total: unknown
  shipping_address?: Country
  billing_address?: Country
  region?: { payment_providers?: { id: string; is_enabled?: boolean }[] } | null
}

/** What eligibility reads of a cart, all from Medusa: region and its providers, currency, total, country. */
export async function cartFacts(scope: MedusaContainer, cartId: string): Promise<CartFacts> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "region_id",
      "currency_code",
      "total",
      "shipping_address.country_code",
      "billing_address.country_code",
      "region.payment_providers.id",
      "region.payment_providers.is_enabled",
    ],
    filters: { id: cartId },
  })
  const cart = carts[0] as CartRow | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `cart ${cartId} was not found`)
  if (!cart.region_id) throw new MedusaError(MedusaError.Types.INVALID_DATA, `cart ${cartId} has no region`)
  const providers = (cart.region?.payment_providers ?? []).filter((p) => p.is_enabled !== false)
  return {
    region_id: cart.region_id,
    currency_code: cart.currency_code,
    // As the gateway would be sent it (two decimals): Medusa's computed total carries float residue.
    total: toAmount(cart.total as BigNumberInput),
    country_code: cart.shipping_address?.country_code ?? cart.billing_address?.country_code ?? null,
    provider_ids: providers.map((p) => p.id),
  }
}
