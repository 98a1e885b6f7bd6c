import { esc, errorText, money, on, render, sleep } from "../dom"
import { config, sdk } from "../store"
import { device, sendToGateway, type PayMethod } from "./payment"

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
    if (window.top && window.top !== window.self) {
      window.top.location.href = window.location.href // leave the iFrame
      return
    }
    return waitForPayment(id)
  }
  const c = await collection(id)
  if (PAID.has(c.status)) return paidView(c)
  const choice = (value: PayMethod, label: string, checked = false) =>
    `<label class="choice"><input type="radio" name="method" value="${value}" id="method-${value}" ${checked ? "checked" : ""}> ${label}</label>`
  render(`<h1>Pay your order</h1><div class="card" id="payment"><p>Amount due <strong id="amount-due">${money(c.amount, c.currency_code)}</strong></p>
${choice("card-redirect", "Card, on the gateway's page (redirect)", true)}
${choice("card-iframe", "Card, on the gateway's page inside this page (iFrame)")}
${choice("apm", "Alternative payment method (sandbox wallet)")}
<p><button id="pay">Pay</button></p><p id="pay-message"></p><div id="hosted-frame"></div></div>`)
  on("#pay", "click", async () => {
    const method = (document.querySelector("input[name=method]:checked") as HTMLInputElement).value as PayMethod
    const provider_id = method === "apm" ? config.providers.apm : config.providers.hosted
    const return_url = `${window.location.origin}/pay/${id}?returned=1`
    try {
      const { payment_collection } = await sdk.client.fetch<{
        payment_collection: { payment_sessions: Array<{ provider_id: string; data: unknown }> }
      }>(`/store/payment-collections/${id}/payment-sessions`, {
        method: "POST",
        body: { provider_id, data: { device: device(), return_url, cancel_url: return_url } },
      })
      const session = payment_collection.payment_sessions.find((s) => s.provider_id === provider_id)
      if (!session) throw new Error(`No payment session for ${provider_id}`)
      sendToGateway(session.data, method)
    } catch (err) {
      document.getElementById("pay-message")!.innerHTML = `<span class="error">${esc(errorText(err))}</span>`
    }
  })
}
