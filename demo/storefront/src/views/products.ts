import type { HttpTypes } from "@medusajs/framework/types"
import { esc, errorText, go, money, on, render } from "../dom"
import { addToCart, config, currentCart, sdk, updateCount } from "../store"

function cartPanel(cart: HttpTypes.StoreCart | null) {
  if (!cart?.items?.length) return `<div class="card"><h2>Cart</h2><p class="muted">Your cart is empty.</p></div>`
  const rows = cart.items
    .map(
      (i) =>
        `<tr><td>${esc(i.product_title)} × ${i.quantity}</td><td class="num">${money(i.total, cart.currency_code)}</td></tr>`,
    )
    .join("")
  return `<div class="card" id="cart"><h2>Cart</h2><table>${rows}
<tr><td><strong>Total</strong></td><td class="num"><strong id="cart-total">${money(cart.total, cart.currency_code)}</strong></td></tr></table>
<p><button id="checkout">Checkout</button></p></div>`
}

function productCard(p: HttpTypes.StoreProduct) {
  const v = p.variants?.[0]
  const price = v?.calculated_price
  return `<div class="card"><h3>${esc(p.title)}</h3>
<p>${money(price?.calculated_amount, price?.currency_code ?? undefined)}</p>
<button data-variant="${esc(v?.id)}" data-sku="${esc(v?.sku)}" id="add-${esc(v?.sku)}">Add to cart</button></div>`
}

export async function productsView() {
  const [{ products }, cart] = await Promise.all([
    sdk.store.product.list({ region_id: config.regionId, fields: "*variants.calculated_price", limit: 20 }),
    currentCart(),
  ])
  updateCount(cart)
  render(
    `<h1>Products</h1><div class="grid">${products.map(productCard).join("")}</div>${cartPanel(cart)}<p id="message"></p>`,
  )
  document.querySelectorAll<HTMLButtonElement>("button[data-variant]").forEach((b) =>
    b.addEventListener("click", async () => {
      b.disabled = true
      try {
        await addToCart(b.dataset.variant!)
        await productsView()
      } catch (e) {
        document.getElementById("message")!.innerHTML = `<span class="error">${esc(errorText(e))}</span>`
        b.disabled = false
      }
    }),
  )
  on("#checkout", "click", () => go("/checkout"))
}
