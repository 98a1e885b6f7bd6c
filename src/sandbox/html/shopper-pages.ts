import { fromMinor } from "../money"
import type { Order } from "../state/order"
import { TEST_CARDS, THREE_DS_CODE } from "../test-cards"
import { escapeHtml as h } from "./escape"
import { pageLang } from "./lang"

/** No external assets. */
const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:2rem}
main{max-width:26rem;margin:auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 4px #0002}
label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}.buttons{display:flex;gap:.75rem;margin-top:1.25rem}
button{flex:1;padding:.6rem;font-size:1rem;border:0;border-radius:4px;cursor:pointer}
.pay{background:#1a56db;color:#fff}.cancel{background:#e5e7eb}.error{color:#b91c1c;background:#fee2e2;padding:.5rem;border-radius:4px}
.muted{color:#6b7280;font-size:.85rem}table{border-collapse:collapse;font-size:.8rem;margin-top:1rem}td{padding:.15rem .4rem}`

/** `lang` (browser_lang) is shown; the sandbox translates nothing. */
function layout(title: string, body: string, lang = "en"): string {
  return `<!DOCTYPE html>
<html lang="${h(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`
}

const langOf = (o: Order) => pageLang(o.request.browser_lang)

const summary = (o: Order) =>
  `<p><strong>${h(fromMinor(o.amount_minor))} ${h(o.currency)}</strong><br><span class="muted">Order ${h(o.order_no)} · Sandbox (test mode, no real money)</span>` +
  `<br><span class="muted" id="page_language">Page language: ${h(langOf(o).asked ?? "not given (en)")}</span></p>`

export function cardPage(
  order: Order,
  token: string,
  base: string,
  opts: {
    error?: string
    holder?: string
    expiry?: string
    saved?: { brand: string; last4: string; expiry: string }
  } = {},
) {
  const cards = TEST_CARDS.map((c) => `<tr><td><code>${h(c.number)}</code></td><td>${h(c.description)}</td></tr>`).join(
    "",
  )
  return layout(
    "Pay by card",
    `<h1>Pay by card</h1>${summary(order)}
${opts.error ? `<p class="error" role="alert">${h(opts.error)}</p>` : ""}
<form method="post" action="${h(`${base}/pay/${token}`)}" autocomplete="off">
${
  opts.saved
    ? `<p id="saved_card">Saved card: <strong>${h(opts.saved.brand)} •••• ${h(opts.saved.last4)}</strong>, expires ${h(opts.saved.expiry)}</p>
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" value="${h(opts.saved.expiry)}" disabled></div>`
    : `<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="off" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="12/30" value="${h(opts.expiry)}" required></div>`
}
<div><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="off" required></div></div>
<label for="card_holder">Name on card</label><input id="card_holder" name="card_holder" value="${h(opts.holder)}">
<div class="buttons"><button class="pay" type="submit" name="action" value="pay">Pay</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div>
</form>
<details><summary class="muted">Test cards</summary><table>${cards}</table>
<p class="muted">Any other Luhn-valid number is approved. Any future expiry and any 3-digit CVV.</p></details>`,
    langOf(order).lang,
  )
}

export function challengePage(order: Order, token: string, base: string) {
  return layout(
    "3-D Secure",
    `<h1>Confirm your payment</h1>${summary(order)}
<p>Your bank asks you to confirm this payment. Enter the code (sandbox: <code>${h(THREE_DS_CODE)}</code>).</p>
<form method="post" action="${h(`${base}/pay/${token}/3ds`)}" autocomplete="off">
<label for="code">Code</label><input id="code" name="code" inputmode="numeric" required>
<div class="buttons"><button class="pay" type="submit">Confirm</button></div></form>`,
    langOf(order).lang,
  )
}

export function apmPage(order: Order, token: string, base: string) {
  const method = typeof order.request.payment_method === "string" ? order.request.payment_method : "APM"
  return layout(
    "Approve payment",
    `<h1>${h(method)}</h1>${summary(order)}
<p>Sandbox payment-method provider. Approve or reject this payment.</p>
<form method="post" action="${h(`${base}/apm/${token}`)}">
<div class="buttons"><button class="pay" type="submit" name="action" value="approve">Approve</button>
<button class="cancel" type="submit" name="action" value="reject">Reject</button></div></form>`,
    langOf(order).lang,
  )
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }, status?: string) {
  return layout(
    title,
    `<h1>${h(title)}</h1><p>${h(message)}</p>${status ? `<p class="muted">${h(status)}</p>` : ""}` +
      (link ? `<p><a href="${h(link.href)}">${h(link.text)}</a></p>` : ""),
  )
}
