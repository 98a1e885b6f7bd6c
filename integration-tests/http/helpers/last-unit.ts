/**
 * A product with one unit in stock, through the Admin API: what the last-unit races (the completion
 * guard's and the chaos shopper's) buy from two carts at once.
 */
import type { Api } from "../../../scripts/demo/store-seed"
import type { Seed } from "./acquiring-seed"

/** Where a new product goes: the shipping profile of the store's shipping option, and its Web channel. */
export interface CatalogPlace {
  shipping_profile_id: string
  sales_channel_id: string
}

export async function catalogPlace(api: Api, seed: Seed): Promise<CatalogPlace> {
  const option = await api.get(
    `/admin/shipping-options/${seed.shipping_option_id}?fields=shipping_profile_id`,
    seed.admin,
  )
  const channel = (await api.get("/admin/sales-channels?name=Web&fields=id", seed.admin)).data.sales_channels[0]
  return { shipping_profile_id: option.data.shipping_option.shipping_profile_id, sales_channel_id: channel.id }
}

/**
 * A new published product whose only variant (`price` EUR) has inventory managed and one unit at the
 * store's location: its variant and inventory item. `place` saves reading it again.
 */
export async function lastUnitProduct(
  api: Api,
  seed: Seed,
  sku: string,
  opts: { price: number; place?: CatalogPlace },
): Promise<{ variant: string; item: string }> {
  const place = opts.place ?? (await catalogPlace(api, seed))
  const product = (
    await api.post(
      "/admin/products?fields=id,*variants,*variants.inventory_items",
      {
        title: `Last one ${sku}`,
        status: "published",
        shipping_profile_id: place.shipping_profile_id,
        options: [{ title: "Size", values: ["One"] }],
        variants: [
          {
            title: "One",
            sku,
            options: { Size: "One" },
            manage_inventory: true,
            prices: [{ currency_code: "eur", amount: opts.price }],
          },
        ],
        sales_channels: [{ id: place.sales_channel_id }],
      },
      seed.admin,
    )
  ).data.product
  const variant = product.variants[0]
  const item = variant.inventory_items[0].inventory_item_id as string
  await api.post(
    `/admin/inventory-items/${item}/location-levels`,
    { location_id: seed.location_id, stocked_quantity: 1 },
    seed.admin,
  )
  return { variant: variant.id as string, item }
}
