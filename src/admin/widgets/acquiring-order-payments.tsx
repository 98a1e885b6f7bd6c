import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading, StatusBadge, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { PaymentCard } from "../components/acquiring/payment-card"
import { FraudChecks } from "../components/acquiring/fraud-checks"
import { KeptAuthorisation } from "../components/acquiring/kept-authorisation"
import { ProviderTestBadge } from "../components/settings/test-mode-badge"
import { captureKept, decide, getOrderPayments, summarise, syncNow, type PresentedPayment } from "../lib/acquiring-api"

const DISPUTE_COLORS = { opened: "orange", under_review: "blue", won: "green", lost: "red", closed: "grey" } as const

/** A date from the gateway as the admin reads it; its own text when it is not one. */
const shownDate = (v: string | null) =>
  v && !Number.isNaN(Date.parse(v)) ? new Date(v).toLocaleDateString() : v || "—"

const Disputes = ({ p }: { p: PresentedPayment }) =>
  p.disputes.length ? (
    <div className="flex flex-col gap-y-2 px-6 py-4">
      <Heading level="h3">Disputes</Heading>
      {p.disputes.map((d) => (
        <div key={d.id} className="flex flex-col gap-y-1">
          <div className="flex items-center justify-between gap-x-4">
            <Text size="small" weight="plus" className="break-all">
              {d.reason ?? "No reason given"}
            </Text>
            <StatusBadge color={DISPUTE_COLORS[d.status]}>{d.status.replace("_", " ")}</StatusBadge>
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {d.amount ? `${d.amount} ${p.currency}` : "amount not given"} · deadline {shownDate(d.deadline)}
            {d.closed_at ? ` · closed ${shownDate(d.closed_at)}` : ""}
          </Text>
          {d.unconfirmed && (
            <Text size="xsmall" className="text-ui-fg-error">
              Unconfirmed: it carried the payment notification&apos;s signature and may be that one re-posted. Check the
              gateway&apos;s portal.
            </Text>
          )}
          <Text size="xsmall" className="text-ui-fg-muted">
            Reported by the gateway&apos;s notifications (no dispute query exists to confirm them)
            {d.history.length > 1
              ? `: ${d.history.map((r) => `${r.gateway_status || r.status} ${shownDate(r.at)}`).join(" → ")}`
              : ""}
          </Text>
        </div>
      ))}
    </div>
  ) : null

/** The gateway's view of the order's payments, disputes and review decision. */
const AcquiringOrderPayments = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const client = useQueryClient()
  const key = ["acquiring-order", order.id]
  const { data, isLoading, error } = useQuery({ queryKey: key, queryFn: () => getOrderPayments(order.id) })
  const refresh = () => {
    client.invalidateQueries({ queryKey: key })
    client.invalidateQueries({ queryKey: ["orders"] })
  }
  const sync = useMutation({
    mutationFn: () => syncNow([order.id]),
    onSuccess: ({ report }) => {
      toast.success("Synchronised with the gateway", { description: summarise(report) })
      refresh()
    },
    onError: (e: Error) => toast.error("Sync failed", { description: e.message }),
  })
  const review = useMutation({
    mutationFn: (decision: "accept" | "reject") => decide(order.id, decision),
    onSuccess: ({ results }) => {
      const r = results[0]
      if (r.status === "failed") toast.error("Review failed", { description: r.error })
      else toast.success(`Review: ${r.status.replace("_", " ")}`)
      refresh()
    },
    onError: (e: Error) => toast.error("Review failed", { description: e.message }),
  })
  const keep = useMutation({
    mutationFn: (paymentId: string) => captureKept(order.id, paymentId),
    onSuccess: (r) => {
      if (r.captured) toast.success("Kept authorisation captured")
      else toast.warning("Recorded as authorised; capture failed", { description: r.error })
      refresh()
    },
    onError: (e: Error) => toast.error("Capture failed", { description: e.message }),
  })

  if (isLoading) return null
  if (error || !data || (!data.payments.length && !data.review)) return null
  const marks = data.money_marks ?? []
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">Acquiring gateway</Heading>
          <ProviderTestBadge providerIds={data.payments.map((p) => p.provider_id)} />
        </div>
        <Button size="small" variant="secondary" isLoading={sync.isPending} onClick={() => sync.mutate()}>
          Sync now
        </Button>
      </div>
      {data.gateway_error && (
        <Text size="small" className="px-6 py-2 text-ui-fg-error">
          Gateway not reachable: {data.gateway_error}
        </Text>
      )}
      {marks.map((m) => (
        <div key={m.order_no} className="flex flex-col gap-y-1 px-6 py-4">
          <div className="flex items-center justify-between gap-x-4">
            <Text size="small" weight="plus">
              {m.mark === "order_unpaid" ? "No money at the gateway" : "Canceled with money held"}
            </Text>
            <StatusBadge color="red">{m.order_no}</StatusBadge>
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {m.detail ?? ""}
            {m.at ? ` (${new Date(m.at).toLocaleString()})` : ""}
          </Text>
        </div>
      ))}
      {data.review && (
        <div className="flex flex-col gap-y-2 px-6 py-4">
          <Heading level="h3">Held for review</Heading>
          <FraudChecks checks={data.review.gateway?.fraud_check_result ?? []} />
          <div className="flex gap-x-2">
            <Button size="small" isLoading={review.isPending} onClick={() => review.mutate("accept")}>
              Accept
            </Button>
            <Button size="small" variant="danger" isLoading={review.isPending} onClick={() => review.mutate("reject")}>
              Reject
            </Button>
          </div>
        </div>
      )}
      {data.review_decision && (
        <Text size="small" className="px-6 py-2 text-ui-fg-subtle">
          Review {data.review_decision.decision}ed {new Date(data.review_decision.decided_at).toLocaleString()}
        </Text>
      )}
      {data.payments.map((p) => (
        <div key={p.payment_id} className="divide-y">
          <PaymentCard p={p} />
          <KeptAuthorisation p={p} busy={keep.isPending} onCapture={() => keep.mutate(p.payment_id)} />
          <Disputes p={p} />
        </div>
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default AcquiringOrderPayments
