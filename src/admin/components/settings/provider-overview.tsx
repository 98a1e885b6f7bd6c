import { Badge, Table, Text } from "@medusajs/ui"
import type { CredentialCheck, PresentedConfig } from "../../lib/acquiring-api"
import { DoctorFindings } from "../acquiring/doctor-findings"

interface Props {
  p: PresentedConfig
  check: CredentialCheck | null
}

/** What counts now for one provider entry; accounts, never keys. */
export const ProviderOverview = ({ p, check }: Props) => {
  const result = (account_id: string) =>
    check?.results.find((r) => r.config_id === p.config_id && r.account_id === account_id)
  const diagnosis = check?.diagnoses?.find((d) => d.config_id === p.config_id)
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4">
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
            const r = result(a.account_id)
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
      {diagnosis && <DoctorFindings diagnosis={diagnosis} />}
    </div>
  )
}
