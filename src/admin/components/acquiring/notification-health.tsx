import { useMutation, useQuery } from "@tanstack/react-query"
import { Badge, Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { checkNotifyAddress, getNotificationHealth, type ProviderHealth } from "../../lib/overview-api"

const when = (at?: string | null) => (at ? new Date(at).toLocaleString() : "never")

const ProviderRow = ({ p }: { p: ProviderHealth }) => {
  const check = useMutation({
    mutationFn: () => checkNotifyAddress(`pp_acquiring_${p.config_id}`),
    onSuccess: ({ check: c }) =>
      (c.ok ? toast.success : toast.error)("Notification address", { description: c.message }),
    onError: (e: Error) => toast.error("Check failed", { description: e.message }),
  })
  return (
    <div className="flex flex-col gap-y-1 px-6 py-4" data-provider={p.config_id}>
      <div className="flex items-center justify-between">
        <Text weight="plus">
          {p.config_id} <Badge size="2xsmall">{p.mode}</Badge>
        </Text>
        <Button size="small" variant="secondary" isLoading={check.isPending} onClick={() => check.mutate()}>
          Check notification address
        </Button>
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        {p.notify_url}
      </Text>
      <Text size="small">{`Last accepted: ${when(p.last_accepted?.at)}`}</Text>
      <Text size="small">
        {`Last refused: ${when(p.last_refused?.at)}`}
        {p.last_refused && ` (${p.last_refused.status}: ${p.last_refused.reason ?? ""})`}
      </Text>
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
