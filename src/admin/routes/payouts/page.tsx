import { useState } from "react"
import { useNavigate } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CurrencyDollar } from "@medusajs/icons"
import { Container, Heading, Input, Select, Table, Text } from "@medusajs/ui"
import { CreatePayoutModal } from "../../components/payouts/create-payout-modal"
import { PayoutStatusBadge } from "../../components/payouts/payout-status-badge"
import { listPayouts, PAYOUT_STATUSES, type PayoutStatusFilter } from "../../lib/payouts-api"
import { Pager } from "../../components/shared/pager"

const PAGE_SIZE = 20
const ALL = "all"

const PayoutsPage = () => {
  const navigate = useNavigate()
  const [status, setStatus] = useState<PayoutStatusFilter>("")
  const [currency, setCurrency] = useState("")
  const [page, setPage] = useState(0)
  const filters = {
    status,
    currency: /^[A-Za-z]{3}$/.test(currency) ? currency : "",
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  }
  const { data, isLoading, error } = useQuery({
    queryKey: ["acquiring-payouts", filters],
    queryFn: () => listPayouts(filters),
  })
  const count = data?.count ?? 0

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h1">Payouts</Heading>
        <CreatePayoutModal onCreated={(p) => navigate(`/payouts/${p.id}`)} />
      </div>
      <div className="flex gap-x-2 px-6 py-4">
        <Select
          size="small"
          value={status || ALL}
          onValueChange={(v) => {
            setStatus(v === ALL ? "" : (v as PayoutStatusFilter))
            setPage(0)
          }}
        >
          <Select.Trigger className="w-40">
            <Select.Value placeholder="Status" />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value={ALL}>All statuses</Select.Item>
            {PAYOUT_STATUSES.map((s) => (
              <Select.Item key={s} value={s}>
                {s}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
        <Input
          size="small"
          className="w-32"
          placeholder="Currency"
          value={currency}
          onChange={(e) => {
            setCurrency(e.target.value.toUpperCase())
            setPage(0)
          }}
        />
      </div>
      {error && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Created</Table.HeaderCell>
            <Table.HeaderCell>Beneficiary</Table.HeaderCell>
            <Table.HeaderCell>Account</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
            <Table.HeaderCell>Status</Table.HeaderCell>
            <Table.HeaderCell>Reference</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(data?.payouts ?? []).map((p) => (
            <Table.Row key={p.id} className="cursor-pointer" onClick={() => navigate(`/payouts/${p.id}`)}>
              <Table.Cell>{new Date(p.created_at).toLocaleString()}</Table.Cell>
              <Table.Cell>{p.beneficiary.name ?? "—"}</Table.Cell>
              <Table.Cell>{p.beneficiary.account ?? "—"}</Table.Cell>
              <Table.Cell className="text-right">
                {p.payment_amount} {p.payment_currency}
              </Table.Cell>
              <Table.Cell>
                <PayoutStatusBadge status={p.status} />
              </Table.Cell>
              <Table.Cell>{p.reference ?? "—"}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {!isLoading && count === 0 && <Text className="px-6 py-4 text-ui-fg-subtle">No payouts.</Text>}
      <Pager count={count} pageSize={PAGE_SIZE} page={page} setPage={setPage} />
    </Container>
  )
}

export const config = defineRouteConfig({ label: "Payouts", icon: CurrencyDollar })

export default PayoutsPage
