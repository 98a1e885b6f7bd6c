import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { getSettings, summarise, syncNow, testCredentials, type CredentialCheck } from "../../../lib/acquiring-api"
import { ReviewQueue } from "../../../components/acquiring/review-queue"
import { NotificationHealth } from "../../../components/acquiring/notification-health"
import { ProviderOverview } from "../../../components/settings/provider-overview"
import { ProviderSettings } from "../../../components/settings/provider-settings"
import { settingsKeys } from "../../../components/settings/use-settings-actions"

const AcquiringSettingsPage = () => {
  const { data, isLoading, error } = useQuery({ queryKey: settingsKeys.list, queryFn: getSettings })
  const [check, setCheck] = useState<CredentialCheck | null>(null)
  const test = useMutation({
    mutationFn: () => testCredentials({ checkout: true }),
    onSuccess: setCheck,
    onError: (e: Error) => toast.error(e.message),
  })
  const sync = useMutation({
    mutationFn: () => syncNow(),
    onSuccess: ({ report }) => toast.success("Reconciliation done", { description: summarise(report) }),
    onError: (e: Error) => toast.error("Reconciliation failed", { description: e.message }),
  })

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h1">Acquiring gateway</Heading>
          <div className="flex gap-x-2">
            <Button size="small" variant="secondary" isLoading={sync.isPending} onClick={() => sync.mutate()}>
              Sync now
            </Button>
            <Button size="small" isLoading={test.isPending} onClick={() => test.mutate()}>
              Test credentials
            </Button>
          </div>
        </div>
        {isLoading && <Text className="px-6 py-4">Loading…</Text>}
        {error && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
        {data?.providers.map((p) => (
          <ProviderOverview key={p.config_id} p={p} check={check} />
        ))}
      </Container>
      {data?.providers.map((p) => (
        <Container key={p.config_id} className="p-0">
          <ProviderSettings providerId={p.config_id} />
        </Container>
      ))}
      <NotificationHealth />
      <ReviewQueue />
    </div>
  )
}

export const config = defineRouteConfig({ label: "Acquiring gateway", icon: CreditCard })

export default AcquiringSettingsPage
