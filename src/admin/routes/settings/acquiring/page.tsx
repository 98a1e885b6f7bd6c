import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Badge, Button, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { getSettings, summarise, syncNow, testCredentials, type CredentialCheck } from "../../../lib/acquiring-api"
import { ReviewQueue } from "../../../components/acquiring/review-queue"
import { DoctorFindings } from "../../../components/acquiring/doctor-findings"
import { NotificationHealth } from "../../../components/acquiring/notification-health"

/**
 * Settings → Acquiring gateway: configured accounts and currencies (never keys), the doctor behind "Test
 * credentials" (its 1.00 checkout and cancel run for test-mode configs only), sync, review queue.
 */
const AcquiringSettingsPage = () => {
  const { data, isLoading, error } = useQuery({ queryKey: ["acquiring-settings"], queryFn: getSettings })
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
  const result = (config_id: string, account_id: string) =>
    check?.results.find((r) => r.config_id === config_id && r.account_id === account_id)
  const diagnosis = (config_id: string) => check?.diagnoses?.find((d) => d.config_id === config_id)

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
          <div key={p.config_id} className="flex flex-col gap-y-2 px-6 py-4">
            <Text weight="plus">
              {p.config_id} · merchant {p.merchant_id} · {p.mode} · {p.gateway_origin ?? "no address"}
            </Text>
            <Text size="small" className="text-ui-fg-subtle">
              Capture {p.capture_mode.replace("_", " ")} · 3-D Secure {p.open3d} · notifications to {p.notify_url} ·
              reconciliation{" "}
              {p.reconciliation.enabled
                ? `every ${p.reconciliation.interval_minutes} min, ${p.reconciliation.lookback_days} days back`
                : "off"}
            </Text>
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Account</Table.HeaderCell>
                  <Table.HeaderCell>Currencies</Table.HeaderCell>
                  <Table.HeaderCell>Credentials</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {p.accounts.map((a) => {
                  const r = result(p.config_id, a.account_id)
                  return (
                    <Table.Row key={a.account_id}>
                      <Table.Cell>{a.account_id}</Table.Cell>
                      <Table.Cell>{a.fallback ? "any other (fallback)" : a.currencies.join(", ")}</Table.Cell>
                      <Table.Cell>
                        {!r ? (
                          "—"
                        ) : r.ok ? (
                          <Badge color="green">accepted ({r.ms} ms)</Badge>
                        ) : (
                          <Badge color="red">{`${r.error?.kind}${r.error?.code ? ` ${r.error.code}` : ""}: ${r.error?.message}`}</Badge>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  )
                })}
              </Table.Body>
            </Table>
            {diagnosis(p.config_id) && <DoctorFindings diagnosis={diagnosis(p.config_id)!} />}
          </div>
        ))}
      </Container>
      <NotificationHealth />
      <ReviewQueue />
    </div>
  )
}

export const config = defineRouteConfig({ label: "Acquiring gateway", icon: CreditCard })

export default AcquiringSettingsPage
