/**
 * The store every checkout test and the demo start from, seeded through the Admin API only:
 * sales channel, publishable key, a region with the given payment providers, stock location
 * with shipping, two products and a promotion. Shared by integration-tests/http (seedStore)
 * and scripts/demo (seed.js); each brings its own way of getting an admin token.
 */
// Axios-style answers of Medusa's own routes: the seed reads a few fields of each.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Api = {
  get: (url: string, config?: { headers?: Record<string, string> }) => Promise<{ data: any; status: number }>
  post: (
    url: string,
    body?: unknown,
    config?: { headers?: Record<string, string> },
  ) => Promise<{ data: any; status: number }>
}
/* eslint-enable @typescript-eslint/no-explicit-any */
type Headers = { headers: Record<string, string> }

export interface CatalogSeed {
  store: Headers
  publishable_key: string
  region_id: string
  location_id: string
  shipping_option_id: string
  variants: { mug: string; tee: string }
  promo_code: string
}

export interface CatalogOptions {
  /** Payment provider ids enabled in the region (pp_<identifier>_<id>). */
  providers: string[]
  /** Product titles; the default mug title carries the gateway's item separator on purpose. */
  titles?: { mug?: string; tee?: string }
}

/** A flat-rate 4.90 EUR shipping option a shopper may pick (not a return option). */
export async function flatShippingOption(
  api: Api,
  admin: Headers,
  o: { name: string; zone_id: string; profile_id: string; code: string; description: string },
) {
  const body = {
    name: o.name,
    service_zone_id: o.zone_id,
    shipping_profile_id: o.profile_id,
    provider_id: "manual_manual",
    price_type: "flat",
    type: { label: "Standard", description: o.description, code: o.code },
    prices: [{ currency_code: "eur", amount: 4.9 }],
    rules: [
      { attribute: "enabled_in_store", operator: "eq", value: "true" },
      { attribute: "is_return", operator: "eq", value: "false" },
    ],
  }
  return (await api.post("/admin/shipping-options", body, admin)).data.shipping_option
}

async function shipping(api: Api, admin: Headers, sc: string) {
  const location = (await api.post("/admin/stock-locations", { name: "Berlin warehouse" }, admin)).data.stock_location
  await api.post(`/admin/stock-locations/${location.id}/sales-channels`, { add: [sc] }, admin)
  await api.post(`/admin/stock-locations/${location.id}/fulfillment-providers`, { add: ["manual_manual"] }, admin)
  const withSet = (
    await api.post(
      `/admin/stock-locations/${location.id}/fulfillment-sets?fields=*fulfillment_sets`,
      { name: "Berlin shipping", type: "shipping" },
      admin,
    )
  ).data.stock_location
  const set = withSet.fulfillment_sets[0]
  const zoneSet = (
    await api.post(
      `/admin/fulfillment-sets/${set.id}/service-zones`,
      { name: "DE", geo_zones: [{ type: "country", country_code: "de" }] },
      admin,
    )
  ).data.fulfillment_set
  const profile = (await api.post("/admin/shipping-profiles", { name: "Default", type: "default" }, admin)).data
    .shipping_profile
  const option = await flatShippingOption(api, admin, {
    name: "Standard",
    zone_id: zoneSet.service_zones[0].id,
    profile_id: profile.id,
    code: "standard",
    description: "2-3 days",
  })
  return {
    location_id: location.id as string,
    profile_id: profile.id as string,
    shipping_option_id: option.id as string,
  }
}

export async function seedCatalog(api: Api, admin: Headers, opts: CatalogOptions): Promise<CatalogSeed> {
  const sc = (await api.post("/admin/sales-channels", { name: "Web" }, admin)).data.sales_channel
  const key = (await api.post("/admin/api-keys", { title: "Storefront", type: "publishable" }, admin)).data.api_key
  await api.post(`/admin/api-keys/${key.id}/sales-channels`, { add: [sc.id] }, admin)
  const region = (
    await api.post(
      "/admin/regions",
      { name: "Germany", currency_code: "eur", countries: ["de"], payment_providers: opts.providers },
      admin,
    )
  ).data.region
  const ship = await shipping(api, admin, sc.id)
  const product = async (title: string, sku: string, amount: number) =>
    (
      await api.post(
        "/admin/products",
        {
          title,
          status: "published",
          shipping_profile_id: ship.profile_id,
          options: [{ title: "Size", values: ["One"] }],
          variants: [
            {
              title: "One",
              sku,
              options: { Size: "One" },
              manage_inventory: false,
              prices: [{ currency_code: "eur", amount }],
            },
          ],
          sales_channels: [{ id: sc.id }],
        },
        admin,
      )
    ).data.product.variants[0].id as string
  const mug = await product(opts.titles?.mug ?? "Mug #,# deluxe", "MUG-1", 12.5)
  const tee = await product(opts.titles?.tee ?? "T-Shirt", "TEE-1", 7.99)
  await api.post(
    "/admin/promotions",
    {
      code: "SAVE5",
      type: "standard",
      status: "active",
      application_method: { type: "fixed", target_type: "order", allocation: "across", value: 5, currency_code: "eur" },
    },
    admin,
  )
  return {
    store: { headers: { "x-publishable-api-key": key.token } },
    publishable_key: key.token,
    region_id: region.id,
    location_id: ship.location_id,
    shipping_option_id: ship.shipping_option_id,
    variants: { mug, tee },
    promo_code: "SAVE5",
  }
}
