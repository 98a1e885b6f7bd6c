import type { HttpTypes } from "@medusajs/framework/types"
import { esc, errorText, go, money, on, render } from "../dom"
import { currentCustomer, type Customer } from "../account"
import { listPaymentMethods, listSavedCards, type OfferedMethod, type SavedCard } from "../kit"
import { currentCart, sdk, updateCount } from "../store"
import { cardChoices, methodChoices, readCardChoice, startPayment, wireCardChoices, type PayMethod } from "./payment"

/** A shopper of the sandbox's country (the seeded region is Germany). */
const DEFAULTS = {
  email: "ada@shop.test",
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "Unter den Linden 1",
  city: "Berlin",
  postal_code: "10117",
  country_code: "de",
  phone: "+49301234567",
}

function field(name: keyof typeof DEFAULTS, label: string, value?: string | null) {
  return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" value="${esc(value || DEFAULTS[name])}" required></div>`
}

function addressForm(cart: HttpTypes.StoreCart, customer: Customer | null) {
  const a = cart.shipping_address
  return `<form id="address" class="card"><h2>Address</h2>
${field("email", "E-mail", cart.email || customer?.email)}
<div class="row">${field("first_name", "First name", a?.first_name)}${field("last_name", "Last name", a?.last_name)}</div>
${field("address_1", "Street and number", a?.address_1)}
<div class="row">${field("postal_code", "Postal code", a?.postal_code)}${field("city", "City", a?.city)}</div>
<div class="row"><div><label for="country_code">Country</label><select id="country_code" name="country_code"><option value="de">Germany</option></select></div>
${field("phone", "Phone", a?.phone)}</div>
<p><button type="submit" id="to-payment">Continue to payment</button></p></form>`
}

/** A logged-in customer's saved cards (none for a guest, or when the list cannot be read). */
async function savedCardsOf(customer: Customer | null): Promise<SavedCard[] | null> {
  if (!customer) return null
  const outcome = await listSavedCards(sdk.client)
  return outcome.type === "cards" ? outcome.saved_cards : []
}

/** The methods the store offers this cart; the kit's own list when the route cannot answer. */
async function offeredFor(cart: HttpTypes.StoreCart): Promise<OfferedMethod[] | undefined> {
  const outcome = await listPaymentMethods(sdk.client, cart.id)
  return outcome.type === "methods" ? outcome.payment_methods : undefined
}

function paymentForm(cart: HttpTypes.StoreCart, cards: SavedCard[] | null, offered?: OfferedMethod[]) {
  return `<div class="card" id="payment"><h2>Payment</h2>
<p>Total <strong id="checkout-total">${money(cart.total, cart.currency_code)}</strong> (incl. shipping ${money(cart.shipping_total, cart.currency_code)})</p>
${methodChoices(offered)}
${cards ? cardChoices(cards) : `<p class="muted" id="login-hint"><a href="/account">Log in</a> to save your card for next time.</p>`}
<p><button id="pay">Pay</button></p><p id="pay-message"></p><div id="hosted-frame"></div></div>`
}

async function saveAddress(cart: HttpTypes.StoreCart, form: HTMLFormElement) {
  const data = new FormData(form)
  const v = new Proxy({} as Record<string, string>, { get: (_, name) => String(data.get(String(name)) ?? "") })
  const address = {
    first_name: v.first_name,
    last_name: v.last_name,
    address_1: v.address_1,
    city: v.city,
    postal_code: v.postal_code,
    country_code: v.country_code,
    phone: v.phone,
  }
  await sdk.store.cart.update(cart.id, { email: v.email, shipping_address: address, billing_address: address })
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
  if (!shipping_options.length) throw new Error("No shipping option serves this address")
  await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
}

export async function checkoutView(notice?: string) {
  const [cart, customer] = await Promise.all([currentCart(), currentCustomer()])
  updateCount(cart)
  if (!cart?.items?.length) return go("/")
  const ready = Boolean(cart.shipping_address?.address_1 && cart.shipping_methods?.length && cart.email)
  const [cards, offered] = ready ? await Promise.all([savedCardsOf(customer), offeredFor(cart)]) : [null, undefined]
  render(
    `<h1>Checkout</h1>${notice ? `<p class="error" id="notice">${esc(notice)}</p>` : ""}${addressForm(cart, customer)}${ready ? paymentForm(cart, cards, offered) : ""}`,
  )
  wireCardChoices()
  on("#address", "submit", async (e) => {
    e.preventDefault()
    try {
      await saveAddress(cart, e.target as HTMLFormElement)
      await checkoutView()
    } catch (err) {
      render(`<p class="error">${esc(errorText(err))}</p>`)
    }
  })
  on("#pay", "click", async () => {
    const method = (document.querySelector("input[name=method]:checked") as HTMLInputElement).value as PayMethod
    const button = document.getElementById("pay") as HTMLButtonElement
    button.disabled = true
    try {
      await startPayment({ cart }, method, `${window.location.origin}/return/${cart.id}`, readCardChoice())
    } catch (err) {
      document.getElementById("pay-message")!.innerHTML = `<span class="error">${esc(errorText(err))}</span>`
      button.disabled = false
    }
  })
}
