"use client"

import { collectDevice, sendShopper, startPayment } from "medusa-plugin-acquiring-storefront"
import { useState } from "react"
import { store } from "../../lib/acquiring"

// Starts the card payment and sends the shopper to the gateway's hosted page.
export function PayButton({ cart }: { cart: { id: string; payment_collection?: { id: string } | null } }) {
  const [message, setMessage] = useState<string>()

  async function pay() {
    const started = await startPayment(store, {
      cart,
      provider_id: "pp_acquiring_acquiring",
      return_url: `${window.location.origin}/checkout/return/${cart.id}`,
      device: collectDevice(),
    })
    if (started.type === "started") return sendShopper(store, started.payment)
    if (started.type === "already_paid") return window.location.assign(`/checkout/return/${cart.id}`)
    setMessage(started.type === "retry" ? "One moment, the payment is starting…" : started.message)
  }

  return (
    <>
      <button onClick={pay}>Pay by card</button>
      {message && <p role="alert">{message}</p>}
    </>
  )
}
