import { esc, go, render } from "../dom"
import { breakOutOfFrame, completeCartWhenReady } from "../kit"
import { forgetCart, retrieveCart, sdk, updateCount } from "../store"

const status = (text: string, outcome = "") =>
  render(`<h1>Confirming your payment</h1><p id="status" class="muted" data-outcome="${esc(outcome)}">${esc(text)}</p>`)

/**
 * The payment ended without an order: the kit's heading and sentence for the gateway's reason
 * (insufficient funds, refused, 3-D Secure failed, expired, cancelled, or the generic decline).
 */
function declined(cartId: string, outcome: { title: string; message: string; reason: string; code?: string }) {
  const noMoney = outcome.reason === "canceled" ? "" : "No money was taken. "
  render(`<h1 id="declined-title">${esc(outcome.title)}</h1>
<p class="error" id="declined" data-reason="${esc(outcome.reason)}" data-code="${esc(outcome.code ?? "")}">${esc(outcome.message)}</p>
<p>${noMoney}Your cart is kept. <button id="retry">Try again</button></p>`)
  document.getElementById("retry")!.addEventListener("click", () => go(`/checkout?retry=${encodeURIComponent(cartId)}`))
  retrieveCart(cartId).then(updateCount, () => undefined)
}

/**
 * The gateway sends the shopper here (also inside the iFrame). The kit completes the cart:
 * Medusa asks the gateway, so a browser return alone never pays; a 409 (the notification is
 * completing this cart right now) or a gateway without a result yet is asked again.
 */
export async function returnView(cartId: string) {
  if (breakOutOfFrame()) return
  status("Asking the gateway…")
  const outcome = await completeCartWhenReady(sdk.client, cartId, {
    onRetry: (r, attempt) =>
      status(
        r.reason === "completing"
          ? `The gateway's notification is completing this order… (attempt ${attempt})`
          : `Waiting for the gateway's result… (attempt ${attempt})`,
        `retry-${r.reason}`,
      ),
  })
  if (outcome.type === "order") {
    forgetCart()
    return go(`/order/${outcome.order.id}`)
  }
  if (outcome.type === "declined") return declined(cartId, outcome)
  const why = outcome.type === "error" ? outcome.message : "The gateway has not confirmed the payment yet."
  declined(cartId, { title: "Payment not completed", message: why, reason: outcome.type })
}
