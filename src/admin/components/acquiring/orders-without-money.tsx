import { useState } from "react"
import { Link } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import { Badge, Table, Text } from "@medusajs/ui"
import { ListCard } from "../shared/list-card"
import { listUnmatched } from "../../lib/books-api"

const PAGE_SIZE = 20

/**
 * Orders whose money and status disagree: voided or refunded outside Medusa, or canceled with
 * money that `orphans: "report"` left to the admin.
 */
export const OrdersWithoutMoney = () => {
  const [page, setPage] = useState(0)
  const { data, isLoading, error } = useQuery({
    queryKey: ["acquiring-unmatched-orders", page],
    queryFn: () => listUnmatched(PAGE_SIZE, page * PAGE_SIZE, "orders"),
  })
  const count = data?.count ?? 0
  return (
    <ListCard
      title="Orders without money"
      level="h2"
      subtitle="Orders whose gateway money was voided or refunded outside the store, and canceled orders still holding money."
      error={error}
      empty={!isLoading && count === 0 ? "Every order's money agrees with its status." : undefined}
      count={count}
      pageSize={PAGE_SIZE}
      page={page}
      setPage={setPage}
    >
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
    </ListCard>
  )
}
