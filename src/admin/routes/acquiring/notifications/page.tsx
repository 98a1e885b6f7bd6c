import { useState } from "react"
import { useSearchParams } from "react-router-dom"
import { useQuery } from "@tanstack/react-query"
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { NotificationDrawer } from "../../../components/acquiring/notification-drawer"
import { NotificationSearchForm } from "../../../components/acquiring/notification-search"
import { VerdictBadge } from "../../../components/acquiring/verdict-badge"
import { ProviderTestBadge } from "../../../components/settings/test-mode-badge"
import { Pager } from "../../../components/shared/pager"
import { EMPTY_SEARCH, listNotifications, type NotificationSearch } from "../../../lib/books-api"

const PAGE_SIZE = 20

/** `?order_no=` comes from Unmatched payments. */
const NotificationsPage = () => {
  const [params] = useSearchParams()
  const [search, setSearch] = useState<NotificationSearch>({ ...EMPTY_SEARCH, order_no: params.get("order_no") ?? "" })
  const [page, setPage] = useState(0)
  const [open, setOpen] = useState<string | null>(null)
  const { data, isLoading, error } = useQuery({
    queryKey: ["acquiring-notifications", search, page],
    queryFn: () => listNotifications(search, PAGE_SIZE, page * PAGE_SIZE),
  })
  const count = data?.count ?? 0

  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h1">Notifications</Heading>
          <ProviderTestBadge />
        </div>
        <Text size="small" className="text-ui-fg-subtle">
          What the gateway sent to the notify and payout hooks, and how the store answered.
        </Text>
      </div>
      <NotificationSearchForm
        initial={search}
        onSearch={(s) => {
          setSearch(s)
          setPage(0)
        }}
      />
      {error && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Received</Table.HeaderCell>
            <Table.HeaderCell>Order number</Table.HeaderCell>
            <Table.HeaderCell>Kind</Table.HeaderCell>
            <Table.HeaderCell>Verdict</Table.HeaderCell>
            <Table.HeaderCell>Answer</Table.HeaderCell>
            <Table.HeaderCell>Changed</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Attempts</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(data?.notifications ?? []).map((n) => (
            <Table.Row key={n.id} className="cursor-pointer" onClick={() => setOpen(n.id)}>
              <Table.Cell>{new Date(n.created_at).toLocaleString()}</Table.Cell>
              <Table.Cell>{n.order_no ?? "—"}</Table.Cell>
              <Table.Cell>
                {n.notify_type === "test" ? <Badge size="2xsmall">Test</Badge> : (n.notify_type ?? "—")}
              </Table.Cell>
              <Table.Cell>
                <VerdictBadge verdict={n.verdict} />
              </Table.Cell>
              <Table.Cell>{n.reply_status}</Table.Cell>
              <Table.Cell className="max-w-xs truncate">{n.changed ?? "—"}</Table.Cell>
              <Table.Cell className="text-right">{n.attempts}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {!isLoading && count === 0 && <Text className="px-6 py-4 text-ui-fg-subtle">No notifications found.</Text>}
      <Pager count={count} pageSize={PAGE_SIZE} page={page} setPage={setPage} />
      <NotificationDrawer id={open} onClose={() => setOpen(null)} />
    </Container>
  )
}

export const config = defineRouteConfig({ label: "Notifications" })

export default NotificationsPage
