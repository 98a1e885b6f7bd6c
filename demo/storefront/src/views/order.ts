import { esc, money, render } from "../dom"
import { sdk, updateCount } from "../store"

export async function orderView(orderId: string) {
  const { order } = await sdk.store.order.retrieve(orderId, { fields: "*items,*payment_collections" })
  updateCount(null)
  const rows = (order.items ?? [])
    .map(
      (i) =>
        `<tr><td>${esc(i.product_title)} × ${i.quantity}</td><td class="num">${money(i.total, order.currency_code)}</td></tr>`,
    )
    .join("")
  render(`<h1>Thank you!</h1><div class="card" id="confirmation" data-order-id="${esc(order.id)}">
<p class="ok">Order <strong id="order-number">#${esc(order.display_id)}</strong> is placed.</p>
<table>${rows}<tr><td><strong>Total</strong></td><td class="num"><strong id="order-total">${money(order.total, order.currency_code)}</strong></td></tr></table>
<p class="muted">Payment: <span id="payment-status">${esc(order.payment_status)}</span> · E-mail: ${esc(order.email)}</p>
<p><a href="/">Continue shopping</a></p></div>`)
}
