import { showAccount } from "./account"
import { esc, errorText, render } from "./dom"
import { accountView } from "./views/account"
import { checkoutView } from "./views/checkout"
import { orderView } from "./views/order"
import { payView } from "./views/pay"
import { productsView } from "./views/products"
import { returnView } from "./views/return"

/** Routes: /, /account (log in, saved cards), /checkout, /return/<cart_id> (gateway return), /order/<order_id>, /pay/<payment_collection_id> (payment link). */
async function route() {
  const path = window.location.pathname
  const ret = /^\/return\/([\w-]+)/.exec(path)
  const order = /^\/order\/([\w-]+)/.exec(path)
  const link = /^\/pay\/([\w-]+)/.exec(path)
  if (ret) return returnView(ret[1])
  if (link) return payView(link[1])
  if (order) return orderView(order[1])
  if (path.startsWith("/account")) return accountView()
  if (path.startsWith("/checkout")) {
    const retried = new URLSearchParams(window.location.search).has("retry")
    return checkoutView(
      retried ? "The last payment did not go through: choose a payment method and try again." : undefined,
    )
  }
  return productsView()
}

showAccount().catch(() => undefined)
route().catch((e) => render(`<h1>Something went wrong</h1><p class="error">${esc(errorText(e))}</p>`))
