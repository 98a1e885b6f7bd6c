import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { PaymentCard } from "../components/acquiring/payment-card"
import { FraudChecks } from "../components/acquiring/fraud-checks"
import { decide, getOrderPayments, summarise, syncNow } from "../lib/acquiring-api"

/** Order details: the acquiring gateway's view of the order's payments, review decision and "sync now". */
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

  if (isLoading) return null
  if (error || !data || (!data.payments.length && !data.review)) return null
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Acquiring gateway</Heading>
        <Button size="small" variant="secondary" isLoading={sync.isPending} onClick={() => sync.mutate()}>
          Sync now
        </Button>
      </div>
      {data.gateway_error && (
        <Text size="small" className="px-6 py-2 text-ui-fg-error">
          Gateway not reachable: {data.gateway_error}
        </Text>
      )}
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
        <PaymentCard key={p.payment_id} p={p} />
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default AcquiringOrderPayments
