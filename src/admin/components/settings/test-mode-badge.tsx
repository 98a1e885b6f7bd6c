import { Badge, Tooltip } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { getSettings } from "../../lib/acquiring-api"
import { settingsKeys } from "./use-settings-actions"

/** TEST while a provider is in test mode: nothing it takes is real money. Nothing in live mode. */
export const TestModeBadge = ({ mode }: { mode: "test" | "live" | string | undefined }) =>
  mode === "test" ? (
    <Tooltip content="Test mode: payments go to the gateway's test address; no real money moves.">
      <Badge size="2xsmall" color="orange" data-testid="test-mode-badge">
        TEST
      </Badge>
    </Tooltip>
  ) : null

/** The mode of each provider entry, by Medusa provider id (pp_acquiring_x) and by entry id. */
export function useProviderModes(): Map<string, string> {
  const { data } = useQuery({ queryKey: settingsKeys.list, queryFn: getSettings })
  const modes = new Map<string, string>()
  for (const p of data?.providers ?? []) {
    modes.set(p.config_id, p.mode)
    for (const id of p.provider_ids) modes.set(id, p.mode)
  }
  return modes
}

/** TEST when any provider entry (or the one given) is in test mode. */
export const ProviderTestBadge = ({ providerIds }: { providerIds?: string[] }) => {
  const modes = useProviderModes()
  const relevant = providerIds?.length ? providerIds.map((id) => modes.get(id)) : [...modes.values()]
  return <TestModeBadge mode={relevant.includes("test") ? "test" : undefined} />
}
