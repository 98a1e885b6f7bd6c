import { useState } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import { Container, Heading, Table, Text } from "@medusajs/ui"
import { listOverviewPayments } from "../../../lib/overview-api"
import { Pager } from "../../../components/shared/pager"

const PAGE_SIZE = 50

const OverviewPaymentsPage = () => {
  const [params] = useSearchParams()
  const [page, setPage] = useState(0)
  const filter = Object.fromEntries(params.entries())
  const { data, isLoading, error } = useQuery({
    queryKey: ["acquiring-overview-payments", filter, page],
    queryFn: () => listOverviewPayments(filter, PAGE_SIZE, page * PAGE_SIZE),
  })
  const rows = data?.payments ?? []
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h1">{`Payments (${data?.count ?? "…"})`}</Heading>
        <Text size="small" className="text-ui-fg-subtle" data-testid="list-filter">
          {Object.entries(filter)
            .map(([k, v]) => `${k}: ${v}`)
            .join(" · ")}
        </Text>
        <Link className="text-ui-fg-interactive text-sm" to={`/acquiring?${params.toString()}`}>
          Back to the overview
        </Link>
      </div>
      {isLoading && <Text className="px-6 py-4">Loading…</Text>}
      {error && <Text className="text-ui-fg-error px-6 py-4">{(error as Error).message}</Text>}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Gateway order</Table.HeaderCell>
            <Table.HeaderCell>Outcome</Table.HeaderCell>
            <Table.HeaderCell>Reason code</Table.HeaderCell>
            <Table.HeaderCell>Method</Table.HeaderCell>
            <Table.HeaderCell>Amount</Table.HeaderCell>
            <Table.HeaderCell>Opened</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.order_no} data-testid="payment-row">
              <Table.Cell>{r.order_no}</Table.Cell>
              <Table.Cell>{r.outcome}</Table.Cell>
              <Table.Cell>{r.decline_code ?? "–"}</Table.Cell>
              <Table.Cell>{r.kind === "authorise" ? (r.payment_method ?? "APM") : "card"}</Table.Cell>
              <Table.Cell>{`${r.amount} ${r.currency_code.toUpperCase()}`}</Table.Cell>
              <Table.Cell>{new Date(r.created_at).toLocaleString()}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      <Pager page={page} pageSize={PAGE_SIZE} count={data?.count ?? 0} setPage={setPage} />
    </Container>
  )
}

export default OverviewPaymentsPage
