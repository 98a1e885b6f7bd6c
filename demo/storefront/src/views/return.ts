import { esc, go, render } from "../dom"
import { breakOutOfFrame, completeCartWhenReady } from "../kit"
import { forgetCart, retrieveCart, sdk, updateCount } from "../store"

const status = (text: string, outcome = "") =>
  render(`<h1>Confirming your payment</h1><p id="status" class="muted" data-outcome="${esc(outcome)}">${esc(text)}</p>`)

function declined(cartId: string, why: string) {
  render(`<h1>Payment not completed</h1><p class="error" id="declined">${esc(why)}</p>
<p>Your cart is kept. <button id="retry">Try again</button></p>`)
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
  if (outcome.type === "declined" || outcome.type === "error") return declined(cartId, outcome.message)
  declined(cartId, "The gateway has not confirmed the payment yet. Try again in a moment.")
}
