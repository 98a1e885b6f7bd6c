import { useState } from "react"
import { Link } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Table, Text } from "@medusajs/ui"
import { OrdersWithoutMoney } from "../../../components/acquiring/orders-without-money"
import { ListCard } from "../../../components/shared/list-card"
import { listUnmatched } from "../../../lib/books-api"

const PAGE_SIZE = 20

/** Gateway orders paid while they belonged to no Medusa order: settled, or left for the admin. */
const UnmatchedPage = () => {
  const [page, setPage] = useState(0)
  const { data, isLoading, error } = useQuery({
    queryKey: ["acquiring-unmatched", page],
    queryFn: () => listUnmatched(PAGE_SIZE, page * PAGE_SIZE),
  })
  const count = data?.count ?? 0

  return (
    <div className="flex flex-col gap-y-3">
      <ListCard
        title="Unmatched payments"
        subtitle="Money taken at the gateway with no order in the store, and what was done about it."
        error={error}
        empty={!isLoading && count === 0 ? "Every gateway payment belongs to an order." : undefined}
        count={count}
        pageSize={PAGE_SIZE}
        page={page}
        setPage={setPage}
      >
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>When</Table.HeaderCell>
              <Table.HeaderCell>Order number</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
              <Table.HeaderCell>What was done</Table.HeaderCell>
              <Table.HeaderCell>Why</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.unmatched ?? []).map((u) => (
              <Table.Row key={u.id}>
                <Table.Cell>{new Date(u.when).toLocaleString()}</Table.Cell>
                <Table.Cell>{u.order_no}</Table.Cell>
                <Table.Cell className="text-right">
                  {u.amount} {u.currency_code.toUpperCase()}
                </Table.Cell>
                <Table.Cell>
                  <div className="flex items-center gap-x-2">
                    <Badge size="2xsmall" color={u.state === "settled" ? "green" : "orange"}>
                      {u.settlement ?? "needs you"}
                    </Badge>
                    <Text size="small">{u.settlement_detail ?? "—"}</Text>
                  </div>
                </Table.Cell>
                <Table.Cell>{u.orphan_reason ?? "—"}</Table.Cell>
                <Table.Cell>
                  <Link
                    className="text-ui-fg-interactive"
                    to={`/acquiring/notifications?order_no=${encodeURIComponent(u.order_no)}`}
                  >
                    Notifications
                  </Link>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </ListCard>
      <OrdersWithoutMoney />
    </div>
  )
}

export const config = defineRouteConfig({ label: "Unmatched payments" })

export default UnmatchedPage
