/**
 * What the chaos shopper's moves need beyond the checkout store (helpers/acquiring-seed.ts), made
 * through the Admin API: a region whose taxes are calculated only when the storefront asks (automatic
 * taxes off) with a 20 % rate and shipping to it, and products with one unit in stock.
 */
import { flatShippingOption, type Api } from "../../../scripts/demo/store-seed"
import { ProviderOwnOptions } from "../../../src/lib/acquiring/options"
import { PROVIDERS, SHIPPING_ADDRESS, type Seed } from "./acquiring-seed"

export interface ChaosSeed {
  /** Austria: automatic taxes off, 20 % VAT, the same providers. */
  manual_tax_region_id: string
  manual_tax_shipping_option_id: string
  manual_tax_address: typeof SHIPPING_ADDRESS
  sales_channel_id: string
  shipping_profile_id: string
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
  const profile = {
    id: (await api.get(`/admin/shipping-options/${seed.shipping_option_id}?fields=shipping_profile_id`, admin)).data
      .shipping_option.shipping_profile_id as string,
  }
  const option = await flatShippingOption(api, admin, {
    name: "Standard AT",
    zone_id: zone.id,
    profile_id: profile.id,
    code: "standard-at",
    description: "3-4 days",
  })
  const channel = (await api.get("/admin/sales-channels?name=Web&fields=id", admin)).data.sales_channels[0]
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
    sales_channel_id: channel.id,
    shipping_profile_id: profile.id,
  }
}

/** A new product whose only variant has inventory managed and one unit in stock: its variant id. */
export async function lastUnitVariant(api: Api, seed: Seed, chaos: ChaosSeed, sku: string): Promise<string> {
  const product = (
    await api.post(
      "/admin/products?fields=id,*variants,*variants.inventory_items",
      {
        title: `Last one ${sku}`,
        status: "published",
        shipping_profile_id: chaos.shipping_profile_id,
        options: [{ title: "Size", values: ["One"] }],
        variants: [
          {
            title: "One",
            sku,
            options: { Size: "One" },
            manage_inventory: true,
            prices: [{ currency_code: "eur", amount: 9.5 }],
          },
        ],
        sales_channels: [{ id: chaos.sales_channel_id }],
      },
      seed.admin,
    )
  ).data.product
  const variant = product.variants[0]
  await api.post(
    `/admin/inventory-items/${variant.inventory_items[0].inventory_item_id}/location-levels`,
    { location_id: seed.location_id, stocked_quantity: 1 },
    seed.admin,
  )
  return variant.id
}

/**
 * Provider options the chaos app boots with (ACQ_OPTIONS_OVERRIDE): a paid cart that can never complete
 * is settled by the run's one reconciliation, not after the grace a live shop keeps for retries. Empty
 * where the plugin has no such grace.
 */
export function chaosProviderOptions(): Record<string, unknown> {
  return "unplaceable_grace_minutes" in ProviderOwnOptions.shape ? { unplaceable_grace_minutes: 0 } : {}
}
