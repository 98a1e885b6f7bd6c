import type { AcquiringProviderConfig } from "../../../../lib/acquiring/config"

/** What the settings view may show of a provider config: never a sign key, snapshot secret or header. */
export function presentConfig(c: AcquiringProviderConfig) {
  const { client, provider } = c.options
  const base = client.base_url ?? (client.mode === "test" ? client.test_base_url : client.live_base_url)
  return {
    config_id: c.config_id,
    provider_ids: c.provider_ids,
    merchant_id: client.merchant_id,
    mode: client.mode,
    gateway_origin: base ? new URL(base).origin : null,
    accounts: client.accounts.map((a) => ({
      account_id: a.account_id,
      currencies: a.currencies ?? [],
      fallback: !a.currencies?.length,
    })),
    capture_mode: provider.capture_mode,
    open3d: provider.open3d,
    notify_url: `${provider.store_url.replace(/\/$/, "")}${provider.notify_path}`,
    reconciliation: {
      enabled: provider.reconcile_enabled,
      interval_minutes: provider.reconcile_interval_minutes,
      lookback_days: provider.reconcile_lookback_days,
      complete_carts: provider.reconcile_complete_carts,
    },
  }
}
export type PresentedConfig = ReturnType<typeof presentConfig>
