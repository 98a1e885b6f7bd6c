import { useState } from "react"
import { Link } from "react-router-dom"
import { PagesNav } from "../../../components/acquiring/pages-nav"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Badge, Button, Checkbox, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { listAwaitingCapture, runBulk, summariseBulk, type BulkReport } from "../../../lib/acquiring-api"
import { Pager } from "../../../components/shared/pager"

const PAGE_SIZE = 50
const FAILED = new Set(["failed", "not_found"])

const AwaitingCapturePage = () => {
  const client = useQueryClient()
  const [page, setPage] = useState(0)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [last, setLast] = useState<BulkReport | null>(null)
  const { data, isLoading, error } = useQuery({
    queryKey: ["acquiring-awaiting-capture", page],
    queryFn: () => listAwaitingCapture(PAGE_SIZE, page * PAGE_SIZE),
  })
  const rows = data?.payments ?? []
  const bulk = useMutation({
    mutationFn: (operation: "capture" | "cancel") => runBulk(operation, [...selected]),
    onSuccess: (report) => {
      setLast(report)
      setSelected(new Set())
      const failed = report.results.filter((r) => FAILED.has(r.status)).length
      const notify = failed ? toast.warning : toast.success
      notify(`Bulk ${report.operation}`, { description: summariseBulk(report) })
      client.invalidateQueries({ queryKey: ["acquiring-awaiting-capture"] })
      client.invalidateQueries({ queryKey: ["orders"] })
    },
    onError: (e: Error) => toast.error("Bulk action failed", { description: e.message }),
  })
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.order_id))
  const toggleAll = () => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.order_id)))
  const count = data?.count ?? 0

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h1">Awaiting capture</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Authorised acquiring payments; the gateway takes up to 50 orders per request.
          </Text>
          <PagesNav here="/acquiring/awaiting-capture" />
        </div>
        <div className="flex gap-x-2">
          <Button
            size="small"
            variant="secondary"
            disabled={!selected.size}
            isLoading={bulk.isPending}
            onClick={() => bulk.mutate("cancel")}
          >
            Cancel selected
          </Button>
          <Button
            size="small"
            disabled={!selected.size}
            isLoading={bulk.isPending}
            onClick={() => bulk.mutate("capture")}
          >
            {`Capture selected (${selected.size})`}
          </Button>
        </div>
      </div>
      {error && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
      {last && <BulkResults report={last} />}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>
              <Checkbox aria-label="Select all on this page" checked={allOnPage} onCheckedChange={toggleAll} />
            </Table.HeaderCell>
            <Table.HeaderCell>Order</Table.HeaderCell>
            <Table.HeaderCell>Gateway order no</Table.HeaderCell>
            <Table.HeaderCell>Authorised</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Captured</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.payment_id}>
              <Table.Cell>
                <Checkbox
                  aria-label={`Select order ${r.display_id ?? r.order_id}`}
                  checked={selected.has(r.order_id)}
                  onCheckedChange={() => toggle(r.order_id)}
                />
              </Table.Cell>
              <Table.Cell>
                <Link to={`/orders/${r.order_id}`}>#{r.display_id ?? r.order_id}</Link>
              </Table.Cell>
              <Table.Cell>{r.order_no ?? "—"}</Table.Cell>
              <Table.Cell>{new Date(r.created_at).toLocaleString()}</Table.Cell>
              <Table.Cell className="text-right">
                {r.amount} {r.currency_code.toUpperCase()}
              </Table.Cell>
              <Table.Cell className="text-right">{r.captured ?? "—"}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {!isLoading && count === 0 && (
        <Text className="px-6 py-4 text-ui-fg-subtle">No payment is awaiting capture.</Text>
      )}
      <Pager count={count} pageSize={PAGE_SIZE} page={page} setPage={setPage} />
    </Container>
  )
}

/** The last bulk call's outcome per order; failures first, with the gateway's or Medusa's reason. */
const BulkResults = ({ report }: { report: BulkReport }) => {
  const sorted = [...report.results].sort((a, b) => Number(FAILED.has(b.status)) - Number(FAILED.has(a.status)))
  return (
    <div className="flex flex-col gap-y-1 px-6 py-4">
      <Text size="small" weight="plus">
        Last {report.operation}: {summariseBulk(report)}
      </Text>
      {sorted.map((r) => (
        <div key={r.order_id} className="flex items-center gap-x-2">
          <Badge size="2xsmall" color={FAILED.has(r.status) ? "red" : "green"}>
            {r.status.replace(/_/g, " ")}
          </Badge>
          <Text size="small">
            {r.order_no ?? r.order_id}
            {r.error ? `: ${r.error}` : ""}
          </Text>
        </div>
      ))}
    </div>
  )
}

export default AwaitingCapturePage
