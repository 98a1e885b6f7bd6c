import { Badge } from "@medusajs/ui"
import { useQueries, useQuery } from "@tanstack/react-query"
import { getSettings } from "../../lib/acquiring-api"
import { getSettingsForm } from "../../lib/settings-api"
import { settingsKeys } from "./use-settings-actions"

/** TEST while a provider is in test mode: nothing it takes is real money. Nothing in live mode. */
export const TestModeBadge = ({ mode }: { mode: "test" | "live" | string | undefined }) =>
  mode === "test" ? (
    <Badge
      size="2xsmall"
      color="orange"
      data-testid="test-mode-badge"
      title="Test mode: payments go to the gateway's test address; no real money moves."
    >
      TEST
    </Badge>
  ) : null

export function useProviderModes(): Map<string, string> {
  const { data } = useQuery({ queryKey: settingsKeys.list, queryFn: getSettings })
  const entries = data?.providers ?? []
  const forms = useQueries({
    queries: entries.map((p) => ({
      queryKey: settingsKeys.form(p.config_id),
      queryFn: () => getSettingsForm(p.config_id),
    })),
  })
  const modes = new Map<string, string>()
  entries.forEach((p, i) => {
    const mode = forms[i]?.data?.mode ?? p.mode
    for (const id of [p.config_id, ...p.provider_ids]) modes.set(id, mode)
  })
  return modes
}

export const ProviderTestBadge = ({ providerIds }: { providerIds?: string[] }) => {
  const modes = useProviderModes()
  const relevant = providerIds?.length ? providerIds.map((id) => modes.get(id)) : [...modes.values()]
  return <TestModeBadge mode={relevant.includes("test") ? "test" : undefined} />
}
