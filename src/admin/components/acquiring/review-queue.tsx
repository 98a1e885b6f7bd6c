import { Button, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import { decide, listHeld } from "../../lib/acquiring-api"

export const ReviewQueue = () => {
  const client = useQueryClient()
  const { data, isLoading } = useQuery({ queryKey: ["acquiring-review"], queryFn: listHeld })
  const act = useMutation({
    mutationFn: (v: { order_id: string; decision: "accept" | "reject" }) => decide(v.order_id, v.decision),
    onSuccess: ({ results }) => {
      const r = results[0]
      if (r.status === "failed") toast.error("Review failed", { description: r.error })
      else toast.success(`Review: ${r.status.replace("_", " ")}`)
      client.invalidateQueries({ queryKey: ["acquiring-review"] })
    },
    onError: (e: Error) => toast.error(e.message),
  })
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Held for review</Heading>
      </div>
      {isLoading ? (
        <Text className="px-6 py-4">Loading…</Text>
      ) : !data?.held_payments.length ? (
        <Text className="px-6 py-4 text-ui-fg-subtle">No payment is held.</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Order</Table.HeaderCell>
              <Table.HeaderCell>Transaction</Table.HeaderCell>
              <Table.HeaderCell>Amount</Table.HeaderCell>
              <Table.HeaderCell>Failed checks</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.held_payments.map((h) => (
              <Table.Row key={h.order_id}>
                <Table.Cell>
                  <Link to={`/orders/${h.order_id}`}>{h.order_id}</Link>
                </Table.Cell>
                <Table.Cell>{h.transaction_id}</Table.Cell>
                <Table.Cell>{`${h.amount} ${h.currency}`}</Table.Cell>
                <Table.Cell>
                  {h.fraud_check_result
                    .filter((f) => f.status !== "ACCEPT")
                    .map((f) => f.check_items)
                    .join(", ") || "—"}
                </Table.Cell>
                <Table.Cell>
                  <div className="flex gap-x-2">
                    <Button size="small" onClick={() => act.mutate({ order_id: h.order_id, decision: "accept" })}>
                      Accept
                    </Button>
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => act.mutate({ order_id: h.order_id, decision: "reject" })}
                    >
                      Reject
                    </Button>
                  </div>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
