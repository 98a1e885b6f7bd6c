import { Badge, Button, Heading, Table, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { getSettingsHistory, type FieldDescriptor, type SettingsVersion } from "../../lib/settings-api"
import { shownValue } from "../../lib/settings-form"
import { settingsKeys } from "./use-settings-actions"

interface Props {
  providerId: string
  current: number
  /** The form's fields by key: labels, and which are secrets (shown only as "changed"). */
  fields: Map<string, FieldDescriptor>
  busy: boolean
  onRestore: (version: number) => void
}

const changeLine = (c: SettingsVersion["changes"][number], field?: FieldDescriptor) =>
  `${field?.label ?? c.key}: ${field?.kind === "secret" ? "changed" : `${shownValue(c.from)} → ${shownValue(c.to)}`}`

/** An earlier version can be restored; it is checked again first. */
export const SettingsHistory = ({ providerId, current, fields, busy, onRestore }: Props) => {
  const { data, isLoading, error } = useQuery({
    queryKey: settingsKeys.history(providerId),
    queryFn: () => getSettingsHistory(providerId),
  })
  const versions = [...(data?.versions ?? [])].sort((a, b) => b.version - a.version)
  return (
    <section className="flex flex-col gap-y-2 px-6 py-4" aria-label={`History of ${providerId}`}>
      <Heading level="h3">History</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        {versions.length
          ? `${versions.length} saved ${versions.length === 1 ? "version" : "versions"}; version ${current} counts now.`
          : "Never saved here: the values come from medusa-config.ts and the defaults."}
      </Text>
      {isLoading && <Text size="small">Loading…</Text>}
      {error && <Text className="text-ui-fg-error">{(error as Error).message}</Text>}
      {versions.length > 0 && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Version</Table.HeaderCell>
              <Table.HeaderCell>Who</Table.HeaderCell>
              <Table.HeaderCell>When</Table.HeaderCell>
              <Table.HeaderCell>Changes</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {versions.map((v) => (
              <Table.Row key={v.version}>
                <Table.Cell>{v.version}</Table.Cell>
                <Table.Cell>{v.actor?.email ?? v.actor?.id ?? "—"}</Table.Cell>
                <Table.Cell>{new Date(v.created_at).toLocaleString()}</Table.Cell>
                <Table.Cell className="whitespace-normal py-2">
                  <div className="flex flex-col gap-y-1">
                    {v.changes.map((c) => (
                      <Text key={c.key} size="small">
                        {changeLine(c, fields.get(c.key))}
                      </Text>
                    ))}
                    {v.restored_from !== null && v.restored_from !== undefined && (
                      <Text size="small" className="text-ui-fg-subtle">
                        restored from version {v.restored_from}
                      </Text>
                    )}
                    {v.check_overridden && (
                      <Badge size="2xsmall" color="orange" className="self-start">
                        saved over a failed check
                      </Badge>
                    )}
                  </div>
                </Table.Cell>
                <Table.Cell className="w-px">
                  {v.version !== current && (
                    <Button
                      size="small"
                      variant="secondary"
                      aria-label={`Restore version ${v.version}`}
                      disabled={busy}
                      onClick={() => onRestore(v.version)}
                    >
                      Restore
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </section>
  )
}
