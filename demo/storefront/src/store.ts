import Medusa from "@medusajs/js-sdk"
import type { HttpTypes } from "@medusajs/framework/types"
import { readConfig } from "./config"

export const config = readConfig()
/** A logged-in customer's JWT is kept in localStorage and sent by the SDK as a bearer (account.ts). */
export const sdk = new Medusa({
  baseUrl: config.backendUrl,
  publishableKey: config.publishableKey,
  auth: { type: "jwt", jwtTokenStorageMethod: "local", jwtTokenStorageKey: "demo_customer_jwt" },
})

const CART_KEY = "demo_cart_id"
export const cartId = () => localStorage.getItem(CART_KEY)
export const forgetCart = () => localStorage.removeItem(CART_KEY)

const CART_FIELDS = "*items,*shipping_methods,*payment_collection,*payment_collection.payment_sessions"

export async function currentCart(): Promise<HttpTypes.StoreCart | null> {
  const id = cartId()
  if (!id) return null
  try {
    const { cart } = await sdk.store.cart.retrieve(id, { fields: CART_FIELDS })
    if (cart.completed_at) {
      forgetCart()
      return null
    }
    return cart
  } catch {
    forgetCart()
    return null
  }
}

export async function retrieveCart(id: string) {
  return (await sdk.store.cart.retrieve(id, { fields: CART_FIELDS })).cart
}

export async function addToCart(variant_id: string) {
  const id = cartId()
  if (id) {
    await sdk.store.cart.createLineItem(id, { variant_id, quantity: 1 })
    return
  }
  const { cart } = await sdk.store.cart.create({ region_id: config.regionId, items: [{ variant_id, quantity: 1 }] })
  localStorage.setItem(CART_KEY, cart.id)
}

export function updateCount(cart: HttpTypes.StoreCart | null) {
  const n = (cart?.items ?? []).reduce((s, i) => s + i.quantity, 0)
  const el = document.getElementById("cart-count")
  if (el) el.textContent = String(n)
}
