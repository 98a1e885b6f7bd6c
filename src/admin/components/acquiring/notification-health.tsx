import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Badge, Button, Container, Heading, Text, toast } from "@medusajs/ui"
import {
  checkNotifyAddress,
  getNotificationHealth,
  sendTestNotification,
  type ProviderHealth,
} from "../../lib/overview-api"

const when = (at?: string | null) => (at ? new Date(at).toLocaleString() : "never")

const ProviderRow = ({ p }: { p: ProviderHealth }) => {
  const check = useMutation({
    mutationFn: () => checkNotifyAddress(`pp_acquiring_${p.config_id}`),
    onSuccess: ({ check: c }) =>
      (c.ok ? toast.success : toast.error)("Notification address", { description: c.message }),
    onError: (e: Error) => toast.error("Check failed", { description: e.message }),
  })
  const client = useQueryClient()
  // A signed sample through the public notify URL; the store records it as a test and changes no payment.
  const test = useMutation({
    mutationFn: () => sendTestNotification(`pp_acquiring_${p.config_id}`),
    onSuccess: ({ test: t }) => {
      const show = t.ok ? toast.success : toast.error
      show("Test notification", { description: t.message })
      client.invalidateQueries({ queryKey: ["acquiring-notification-health"] })
    },
    onError: (e: Error) => toast.error("Test notification failed", { description: e.message }),
  })
  return (
    <div className="flex flex-col gap-y-1 px-6 py-4" data-provider={p.config_id}>
      <div className="flex items-center justify-between">
        <Text weight="plus">
          {p.config_id} <Badge size="2xsmall">{p.mode}</Badge>
        </Text>
        <div className="flex gap-x-2">
          <Button size="small" variant="secondary" isLoading={check.isPending} onClick={() => check.mutate()}>
            Check notification address
          </Button>
          <Button size="small" variant="secondary" isLoading={test.isPending} onClick={() => test.mutate()}>
            Send a test notification
          </Button>
        </div>
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        {p.notify_url}
      </Text>
      <Text size="small">{`Last accepted: ${when(p.last_accepted?.at)}`}</Text>
      <Text size="small">
        {`Last refused: ${when(p.last_refused?.at)}`}
        {p.last_refused && ` (${p.last_refused.status}: ${p.last_refused.reason ?? ""})`}
      </Text>
      <Text size="small" data-testid="last-test">
        {`Last test: ${when(p.last_test?.at)}`}
        {p.last_test &&
          ` (${p.last_test.status}${p.last_test.reason ? `: ${p.last_test.reason}` : ", accepted"}, ${p.last_test.order_no ?? ""})`}
      </Text>
      {test.data && (
        <Text
          size="small"
          data-testid="test-result"
          className={test.data.test.ok ? "text-ui-fg-interactive" : "text-ui-fg-error"}
        >
          {`Test notification ${test.data.test.order_no}: ${test.data.test.message}`}
        </Text>
      )}
      {check.data && (
        <Text size="small" className={check.data.check.ok ? "text-ui-fg-interactive" : "text-ui-fg-error"}>
          {check.data.check.message}
        </Text>
      )}
      {p.warnings.map((w) => (
        <Text key={w} size="small" className="text-ui-fg-error" data-testid="notification-warning">
          {w}
        </Text>
      ))}
    </div>
  )
}

/** Are the gateway's notifications arriving? Per provider and mode, with the address check. */
export const NotificationHealth = () => {
  const { data, isLoading, error } = useQuery({
    queryKey: ["acquiring-notification-health"],
    queryFn: getNotificationHealth,
  })
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Notification health</Heading>
      </div>
      {isLoading && <Text className="px-6 py-4">Loading…</Text>}
      {error && <Text className="text-ui-fg-error px-6 py-4">{(error as Error).message}</Text>}
      {data?.providers.map((p) => (
        <ProviderRow key={p.config_id} p={p} />
      ))}
    </Container>
  )
}
