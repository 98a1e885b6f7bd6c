import { esc, errorText, money, on, render, sleep } from "../dom"
import { breakOutOfFrame } from "../kit"
import { sdk } from "../store"
import { methodChoices, startPayment, type PayMethod } from "./payment"

interface Collection {
  id: string
  status: string
  amount: number
  currency_code: string
}

const PAID = new Set(["authorized", "partially_authorized", "completed", "partially_captured"])
const collection = async (id: string) =>
  (await sdk.client.fetch<{ payment_collection: Collection }>(`/store/acquiring/payment-collections/${id}`))
    .payment_collection

function paidView(c: Collection) {
  render(`<h1>Thank you</h1><div class="card"><p>${money(c.amount, c.currency_code)} paid.</p>
<p>Payment status: <strong id="pay-status">${esc(c.status)}</strong></p></div>`)
}

/** Back from the gateway: Medusa authorises the payment from the gateway's notification; wait for it. */
async function waitForPayment(id: string) {
  render(`<h1>Confirming your payment</h1><p id="status" class="muted">Asking the store…</p>`)
  for (let attempt = 1; attempt <= 30; attempt++) {
    const c = await collection(id)
    if (PAID.has(c.status)) return paidView(c)
    document.getElementById("status")!.textContent = `Waiting for the gateway's confirmation… (attempt ${attempt})`
    await sleep(1000)
  }
  render(
    `<h1>Payment not confirmed yet</h1><p class="error" id="declined">The gateway has not confirmed the payment. <a href="/pay/${esc(id)}">Try again</a></p>`,
  )
}

/**
 * /pay/<payment_collection_id>: what a payment link opens (an order edit's new total, an
 * outstanding balance). The session goes on that collection; the plugin seals the order's data.
 */
export async function payView(id: string) {
  if (new URLSearchParams(window.location.search).has("returned")) {
    if (breakOutOfFrame()) return
    return waitForPayment(id)
  }
  const c = await collection(id)
  if (PAID.has(c.status)) return paidView(c)
  render(`<h1>Pay your order</h1><div class="card" id="payment"><p>Amount due <strong id="amount-due">${money(c.amount, c.currency_code)}</strong></p>
${methodChoices()}
<p><button id="pay">Pay</button></p><p id="pay-message"></p><div id="hosted-frame"></div></div>`)
  on("#pay", "click", async () => {
    const method = (document.querySelector("input[name=method]:checked") as HTMLInputElement).value as PayMethod
    try {
      await startPayment({ payment_collection_id: id }, method, `${window.location.origin}/pay/${id}?returned=1`)
    } catch (err) {
      document.getElementById("pay-message")!.innerHTML = `<span class="error">${esc(errorText(err))}</span>`
    }
  })
}
