/**
 * What the chaos shopper's moves need beyond the checkout store (helpers/acquiring-seed.ts), made
 * through the Admin API: a region whose taxes are calculated only when the storefront asks (automatic
 * taxes off) with a 20 % rate and shipping to it, and products with one unit in stock.
 */
import { flatShippingOption, type Api } from "../../../scripts/demo/store-seed"
import { ProviderOwnOptions } from "../../../src/lib/acquiring/options"
import { PROVIDERS, SHIPPING_ADDRESS, type Seed } from "./acquiring-seed"
import { catalogPlace, type CatalogPlace } from "./last-unit"

export interface ChaosSeed extends CatalogPlace {
  /** Austria: automatic taxes off, 20 % VAT, the same providers. */
  manual_tax_region_id: string
  manual_tax_shipping_option_id: string
  manual_tax_address: typeof SHIPPING_ADDRESS
}

export async function seedChaos(api: Api, seed: Seed): Promise<ChaosSeed> {
  const admin = seed.admin
  const region = (
    await api.post(
      "/admin/regions",
      {
        name: "Austria",
        currency_code: "eur",
        countries: ["at"],
        automatic_taxes: false,
        payment_providers: [PROVIDERS.hosted, PROVIDERS.apm],
      },
      admin,
    )
  ).data.region
  await api.post(
    "/admin/tax-regions",
    { country_code: "at", provider_id: "tp_system", default_tax_rate: { rate: 20, code: "AT20", name: "AT VAT" } },
    admin,
  )
  const location = (await api.get(`/admin/stock-locations/${seed.location_id}?fields=*fulfillment_sets`, admin)).data
    .stock_location
  const zone = (
    await api.post(
      `/admin/fulfillment-sets/${location.fulfillment_sets[0].id}/service-zones?fields=*service_zones`,
      { name: "AT", geo_zones: [{ type: "country", country_code: "at" }] },
      admin,
    )
  ).data.fulfillment_set.service_zones.find((z: { name: string }) => z.name === "AT")
  // The profile of the store's shipping option: the new products ship with the same method.
  const place = await catalogPlace(api, seed)
  const option = await flatShippingOption(api, admin, {
    name: "Standard AT",
    zone_id: zone.id,
    profile_id: place.shipping_profile_id,
    code: "standard-at",
    description: "3-4 days",
  })
  return {
    manual_tax_region_id: region.id,
    manual_tax_shipping_option_id: option.id,
    manual_tax_address: {
      ...SHIPPING_ADDRESS,
      city: "Wien",
      province: "",
      postal_code: "1010",
      country_code: "at",
    },
    ...place,
  }
}

/**
 * Provider options the chaos app boots with (ACQ_OPTIONS_OVERRIDE): a paid cart that can never complete
 * is settled by the run's one reconciliation, not after the grace a live shop keeps for retries. Empty
 * where the plugin has no such grace.
 */
export function chaosProviderOptions(): Record<string, unknown> {
  return "unplaceable_grace_minutes" in ProviderOwnOptions.shape ? { unplaceable_grace_minutes: 0 } : {}
}
