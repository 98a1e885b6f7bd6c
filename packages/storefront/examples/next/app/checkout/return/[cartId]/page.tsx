"use client"

import { breakOutOfFrame, completeCart, type CompleteOutcome } from "medusa-plugin-acquiring-storefront"
import { useParams, useRouter } from "next/navigation"
import { useEffect, useState } from "react"
import { store } from "../../../../lib/acquiring"

// Where the gateway sends the shopper back: leave the iFrame, complete the cart, say what happened.
export default function ReturnPage() {
  const { cartId } = useParams<{ cartId: string }>()
  const router = useRouter()
  const [outcome, setOutcome] = useState<CompleteOutcome>()

  useEffect(() => {
    if (breakOutOfFrame()) return
    let stopped = false
    const attempt = async (left: number): Promise<void> => {
      const next = await completeCart(store, cartId)
      if (stopped) return
      if (next.type === "order") return router.replace(`/order/${next.order.id}/confirmed`)
      if (next.type === "retry" && left > 0) return void setTimeout(() => attempt(left - 1), 1000)
      setOutcome(next)
    }
    void attempt(30)
    return () => {
      stopped = true
    }
  }, [cartId, router])

  if (!outcome || outcome.type === "order") return <p>Confirming your payment…</p>
  if (outcome.type === "declined")
    return (
      <div>
        <h1>{outcome.title}</h1>
        <p>{outcome.message}</p>
        <a href="/checkout?step=payment">Back to payment</a>
      </div>
    )
  if (outcome.type === "pay_again") return <a href="/checkout?step=payment">{outcome.message}</a>
  return <p role="alert">{outcome.type === "retry" ? "The payment is still being confirmed." : outcome.message}</p>
}
