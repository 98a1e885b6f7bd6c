import { useState } from "react"
import { Link } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { Pager } from "../shared/pager"
import { listUnmatched } from "../../lib/books-api"

const PAGE_SIZE = 20

/**
 * The second list of *Unmatched payments*: orders whose money and status disagree. An order
 * without money (voided or refunded at the gateway outside Medusa), or a canceled order holding
 * money that option `orphans: "report"` left to the admin.
 */
export const OrdersWithoutMoney = () => {
  const [page, setPage] = useState(0)
  const { data, isLoading, error } = useQuery({
    queryKey: ["acquiring-unmatched-orders", page],
    queryFn: () => listUnmatched(PAGE_SIZE, page * PAGE_SIZE, "orders"),
  })
  const count = data?.count ?? 0
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Orders without money</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Orders whose gateway money was voided or refunded outside the store, and canceled orders still holding money.
        </Text>
      </div>
      {error && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>When</Table.HeaderCell>
            <Table.HeaderCell>Order</Table.HeaderCell>
            <Table.HeaderCell>Order number</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
            <Table.HeaderCell>What happened</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(data?.unmatched ?? []).map((u) => (
            <Table.Row key={u.id}>
              <Table.Cell>{new Date(u.when).toLocaleString()}</Table.Cell>
              <Table.Cell>
                {u.order_id ? (
                  <Link className="text-ui-fg-interactive" to={`/orders/${encodeURIComponent(u.order_id)}`}>
                    {u.order_id}
                  </Link>
                ) : (
                  "—"
                )}
              </Table.Cell>
              <Table.Cell>{u.order_no}</Table.Cell>
              <Table.Cell className="text-right">
                {u.amount} {u.currency_code.toUpperCase()}
              </Table.Cell>
              <Table.Cell>
                <div className="flex items-center gap-x-2">
                  <Badge size="2xsmall" color="red">
                    {u.settlement === "order_unpaid" ? "no money" : "canceled, money held"}
                  </Badge>
                  <Text size="small">{u.settlement_detail ?? "—"}</Text>
                </div>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {!isLoading && count === 0 && (
        <Text className="px-6 py-4 text-ui-fg-subtle">Every order&apos;s money agrees with its status.</Text>
      )}
      <Pager count={count} pageSize={PAGE_SIZE} page={page} setPage={setPage} />
    </Container>
  )
}
