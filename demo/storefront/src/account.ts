import type { HttpTypes } from "@medusajs/framework/types"
import { statusOf } from "./kit"
import { cartId, forgetCart, sdk } from "./store"

/**
 * Customer accounts with Medusa's store auth (emailpass): register → create the customer with the
 * registration token → log in. The SDK keeps the JWT (store.ts) and sends it as a bearer on every
 * Store API call, so the payment session knows the customer (saved cards are theirs only).
 */
export type Customer = HttpTypes.StoreCustomer

let me: Promise<Customer | null> | undefined

/** The logged-in customer, or null for a guest (an expired token is forgotten). */
export function currentCustomer(): Promise<Customer | null> {
  me ??= sdk.client.getToken().then(async (token) => {
    if (!token) return null
    try {
      return (await sdk.store.customer.retrieve()).customer
    } catch (e) {
      if (statusOf(e) === 401) await sdk.client.clearToken()
      return null
    }
  })
  return me
}

/** The guest's cart becomes the customer's (its orders and their e-mail are the account's). */
async function adoptCart() {
  const id = cartId()
  if (!id) return
  try {
    await sdk.store.cart.transferCart(id)
  } catch {
    forgetCart() // someone else's, or completed: start a new one
  }
}

async function logIn(email: string, password: string) {
  const token = await sdk.auth.login("customer", "emailpass", { email, password })
  if (typeof token !== "string") throw new Error("This store asks for another login step, which the demo does not do.")
  me = undefined
  await adoptCart()
}

export async function login(email: string, password: string) {
  try {
    await logIn(email, password)
  } catch (e) {
    if (statusOf(e) === 401) throw new Error("Wrong e-mail or password.")
    throw e
  }
}

export async function register(input: { email: string; password: string; first_name: string; last_name: string }) {
  try {
    await sdk.auth.register("customer", "emailpass", { email: input.email, password: input.password })
  } catch (e) {
    if (statusOf(e) === 401) throw new Error("An account with this e-mail exists already: log in instead.")
    throw e
  }
  await sdk.store.customer.create({ email: input.email, first_name: input.first_name, last_name: input.last_name })
  await logIn(input.email, input.password)
}

export async function logout() {
  await sdk.auth.logout() // the JWT is forgotten
  forgetCart() // the cart was the customer's
  me = undefined
}

/** Header: "Log in" for a guest, the customer's e-mail once logged in. */
export async function showAccount() {
  const el = document.getElementById("account-link")
  if (!el) return
  const c = await currentCustomer()
  el.textContent = c ? c.email : "Log in"
  el.dataset.loggedIn = c ? "1" : ""
}
