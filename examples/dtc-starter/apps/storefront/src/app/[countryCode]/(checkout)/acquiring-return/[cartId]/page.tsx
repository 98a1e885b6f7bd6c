"use client"

import { completeAcquiringCart } from "@lib/data/acquiring"
import { Button, Heading, Text } from "@modules/common/components/ui"
import LocalizedClientLink from "@modules/common/components/localized-client-link"
import {
  breakOutOfFrame,
  type CompleteOutcome,
} from "medusa-plugin-acquiring-storefront"
import { useParams, useRouter } from "next/navigation"
import { useEffect, useRef, useState } from "react"

const ATTEMPTS = 30
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The gateway sends the shopper here. A client component, because it calls the
 * server action completeAcquiringCart once per attempt: `retry` (409: the gateway's
 * notification is completing this cart right now, or no result yet) waits a second
 * and tries again; an order goes on to the starter's /[countryCode]/order/[id]/confirmed.
 */
export default function AcquiringReturnPage() {
  const { countryCode, cartId } = useParams<{
    countryCode: string
    cartId: string
  }>()
  const router = useRouter()
  const [outcome, setOutcome] = useState<CompleteOutcome | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return // React's development mode runs effects twice
    started.current = true
    if (breakOutOfFrame()) return // returned inside the iFrame: reload this page in the top window
    ;(async () => {
      let last: CompleteOutcome = { type: "retry", reason: "pending" }
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          last = await completeAcquiringCart(cartId)
        } catch {
          last = { type: "error", message: "the store could not be reached." }
        }
        if (last.type === "order") {
          return router.replace(`/${countryCode}/order/${last.order.id}/confirmed`)
        }
        if (last.type !== "retry") break
        await wait(1000)
      }
      setOutcome(last)
    })()
  }, [cartId, countryCode, router])

  if (!outcome || outcome.type === "order") {
    return (
      <div className="content-container py-24 flex flex-col items-center gap-y-4">
        <Heading level="h1">Confirming your payment…</Heading>
        <Text className="text-ui-fg-subtle">Please don&apos;t close this page.</Text>
      </div>
    )
  }

  // A decline names the gateway's reason (outcome.reason: insufficient_funds, refused,
  // three_ds_failed, expired, canceled, or declined) with the kit's title and message for it.
  const message =
    outcome.type === "declined"
      ? outcome.reason === "canceled"
        ? `${outcome.message} Choose a payment method to try again.`
        : `${outcome.message} No money was taken. Choose a payment method and try again, or use another card.`
      : outcome.type === "retry"
        ? "Your payment is still being processed. Reload this page in a minute to see your order."
        : `Your order could not be completed: ${outcome.message}`

  return (
    <div
      className="content-container py-24 flex flex-col items-center gap-y-4"
      data-testid="acquiring-return-outcome"
    >
      <Heading level="h1">
        {outcome.type === "declined" ? outcome.title : "Payment not completed"}
      </Heading>
      <Text className="text-ui-fg-subtle" data-testid="acquiring-return-message">
        {message}
      </Text>
      <LocalizedClientLink href="/checkout?step=payment">
        <Button>Back to payment</Button>
      </LocalizedClientLink>
    </div>
  )
}
