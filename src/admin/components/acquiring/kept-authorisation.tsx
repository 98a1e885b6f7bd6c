import { Button, Heading, StatusBadge, Text } from "@medusajs/ui"
import type { PresentedPayment } from "../../lib/acquiring-api"

const OUTCOMES = {
  voided_replacement_paid: "voided: the new collection was paid",
  voided_order_canceled: "voided: the order was canceled",
  adopted: "recorded on the order's new collection",
} as const

/** An authorisation an order edit replaced, kept until the new collection is paid. */
export const KeptAuthorisation = ({
  p,
  onCapture,
  busy,
}: {
  p: PresentedPayment
  onCapture: () => void
  busy: boolean
}) => {
  const k = p.kept
  if (!k) return null
  const deadline = new Date(k.capture_by).toLocaleString()
  if (k.released_at) {
    return (
      <Text size="small" className="px-6 py-2 text-ui-fg-subtle">
        Kept authorisation {p.order_no}: {k.outcome ? OUTCOMES[k.outcome] : "ended"} (
        {new Date(k.released_at).toLocaleString()})
      </Text>
    )
  }
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4">
      <div className="flex items-center justify-between gap-x-4">
        <Heading level="h3">Kept authorisation</Heading>
        <StatusBadge color={k.expired ? "red" : k.expiring ? "orange" : "green"}>
          {k.expired ? "window closed" : k.expiring ? "expires soon" : "capturable"}
        </StatusBadge>
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        {p.amount} {p.currency} stays authorised at the gateway until the order's new collection is paid (then it is
        voided). Capturable until {deadline}.
      </Text>
      <div>
        <Button size="small" variant="secondary" isLoading={busy} disabled={k.expired} onClick={onCapture}>
          Capture kept authorisation
        </Button>
      </div>
    </div>
  )
}
