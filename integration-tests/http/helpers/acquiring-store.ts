import type { Api } from "../../../scripts/demo/store-seed"
import { BILLING_ADDRESS, SHIPPING_ADDRESS, type Seed } from "./acquiring-seed"

export const DEVICE = {
  user_agent: "Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0",
  browser_lang: "de-DE",
  time_zone: "Europe/Berlin",
  screen_width: 1920,
  screen_height: 1080,
  color_depth: 24,
  os: "Linux",
  browser: "TestBrowser",
  cookie_new: "sid=abc",
  antifraud_token: "af-token-1",
  challenge_window_size: "05",
}

/** A storefront's cart: two mugs, one tee, shipping and the SAVE5 code. */
export async function cartWithShipping(api: Api, seed: Seed, opts: { promo?: boolean; email?: string } = {}) {
  const h = seed.store
  const cart = (
    await api.post(
      "/store/carts",
      {
        region_id: seed.region_id,
        email: opts.email ?? "ada@shop.test",
        items: [
          { variant_id: seed.variants.mug, quantity: 2 },
          { variant_id: seed.variants.tee, quantity: 1 },
        ],
        shipping_address: SHIPPING_ADDRESS,
        billing_address: BILLING_ADDRESS,
      },
      h,
    )
  ).data.cart
  await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: seed.shipping_option_id }, h)
  if (opts.promo !== false) await api.post(`/store/carts/${cart.id}/promotions`, { promo_codes: [seed.promo_code] }, h)
  return (await api.get(`/store/carts/${cart.id}`, h)).data.cart
}

/** POST /store/payment-collections then …/payment-sessions, as the js-sdk's initiatePaymentSession does. */
export async function startSession(
  api: Api,
  seed: Seed,
  cartId: string,
  provider_id: string,
  data: Record<string, unknown> = {},
) {
  const collection = (await api.post("/store/payment-collections", { cart_id: cartId }, seed.store)).data
    .payment_collection
  const res = await api.post(
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { provider_id, data },
    seed.store,
  )
  const sessions = res.data.payment_collection.payment_sessions as Array<{
    id: string
    provider_id: string
    data: any
    status: string
  }>
  return { collection_id: collection.id as string, session: sessions.find((s) => s.provider_id === provider_id)! }
}

export async function completeCart(api: Api, seed: Seed, cartId: string) {
  return (await api.post(`/store/carts/${cartId}/complete`, {}, seed.store)).data
}

/** The order with its payments, as the admin dashboard loads it. */
export async function adminOrder(api: Api, seed: Seed, orderId: string) {
  const fields =
    "*payment_collections,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds,*items"
  return (await api.get(`/admin/orders/${orderId}?fields=${fields}`, seed.admin)).data.order
}

/** Order ids linked to a cart (Medusa's order_cart link): exactly one after a completed checkout. */
export async function ordersOfCart(container: { resolve: (k: string) => any }, cartId: string): Promise<string[]> {
  const query = container.resolve("query")
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return data.map((l: { order_id: string }) => l.order_id)
}
