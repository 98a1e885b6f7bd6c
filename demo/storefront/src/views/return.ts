import { HttpTypes } from "@medusajs/types"
import { esc, errorText, go, render, sleep } from "../dom"
import { forgetCart, retrieveCart, sdk, updateCount } from "../store"

const ATTEMPTS = 30
const status = (text: string) => render(`<h1>Confirming your payment</h1><p id="status" class="muted">${esc(text)}</p>`)

function declined(cartId: string, why: string) {
  render(`<h1>Payment not completed</h1><p class="error" id="declined">${esc(why)}</p>
<p>Your cart is kept. <button id="retry">Try again</button></p>`)
  document.getElementById("retry")!.addEventListener("click", () => go(`/checkout?retry=${encodeURIComponent(cartId)}`))
  retrieveCart(cartId).then(updateCount, () => undefined)
}

/** Status of the cart's latest session: Medusa saves it before refusing the completion. */
async function sessionStatus(cartId: string): Promise<string | undefined> {
  const cart: HttpTypes.StoreCart = await retrieveCart(cartId)
  const sessions = cart.payment_collection?.payment_sessions ?? []
  return sessions[sessions.length - 1]?.status
}

const httpStatus = (e: unknown) => (e as { status?: number }).status

/**
 * The gateway sends the shopper here (also inside the iFrame). Complete the cart: Medusa asks
 * the gateway, so a browser return alone never pays. 409 means the gateway's notification is
 * completing this cart right now: wait and ask again, the same order comes back.
 */
export async function returnView(cartId: string) {
  if (window.top && window.top !== window.self) {
    window.top.location.href = window.location.href // leave the iFrame
    return
  }
  status("Asking the gateway…")
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const res = await sdk.store.cart.complete(cartId)
      if (res.type === "order") {
        forgetCart()
        return go(`/order/${res.order.id}`)
      }
      return declined(cartId, res.error?.message ?? "The payment was not authorised.")
    } catch (e) {
      const code = httpStatus(e)
      if (code === 409) {
        status(`The gateway's notification is completing this order… (attempt ${attempt})`)
      } else if (code === 400) {
        const s = await sessionStatus(cartId).catch(() => undefined)
        if (s === "error" || s === "canceled")
          return declined(cartId, s === "error" ? "The payment was declined." : "The payment was cancelled.")
        status(`Waiting for the gateway's result… (attempt ${attempt})`)
      } else {
        return declined(cartId, errorText(e))
      }
      await sleep(1000)
    }
  }
  declined(cartId, "The gateway has not confirmed the payment yet. Try again in a moment.")
}
