import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../../lib/acquiring/config"
import { gatewaysFor } from "../../../../lib/acquiring/gateways"
import { offeredMethods } from "../../../../lib/acquiring/payment-methods/catalogue"
import { logoUrl } from "../../../../lib/acquiring/payment-methods/logos"
import { latestOptions } from "../../../../lib/acquiring/settings/current"
import { cartFacts } from "./cart-facts"
import type { StorePaymentMethodsQuery } from "./validators"

/**
 * The methods this cart may pay with (region, currency, amount, country), each with its logo's URL.
 * Read under the newest saved settings, so an admin's edit counts from the next request.
 */
export async function GET(req: MedusaRequest<unknown, StorePaymentMethodsQuery>, res: MedusaResponse) {
  const cart = await cartFacts(req.scope, req.validatedQuery.cart_id)
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const gateway = gatewaysFor(req.scope)
  const perConfig = await Promise.all(
    acquiringProviderConfigs(config).map(async (c) => {
      const [hosted, apm] = c.provider_ids
      const own = ((await latestOptions(req.scope, c.config_id)) ?? gateway(c.config_id).options).provider
      const offered = offeredMethods({ hosted_provider_id: hosted, apm_provider_id: apm, ...own }, cart)
      return offered.map(({ logo, ...m }) => ({
        ...m,
        logo_url: "url" in logo ? logo.url : logoUrl(own.store_url, logo.shipped),
        brands: m.brands.map((brand) => ({ brand, logo_url: logoUrl(own.store_url, brand) })),
      }))
    }),
  )
  res.json({ payment_methods: perConfig.flat() })
}
