import type { AcquiringProviderConfig } from "../../../../../lib/acquiring/config"
import type { HealthProvider } from "../../../../../lib/acquiring/notify-health/fold"

/** The notify URL the gateway is given: store_url + notify_path. */
export const notifyUrlOf = (c: AcquiringProviderConfig) =>
  new URL(c.options.provider.notify_path, c.options.provider.store_url).toString()

export const healthProviders = (configs: AcquiringProviderConfig[]): HealthProvider[] =>
  configs.map((c) => ({
    config_id: c.config_id,
    provider_ids: c.provider_ids,
    mode: c.options.client.mode,
    account_ids: c.options.client.accounts.map((a) => a.account_id),
    notify_url: notifyUrlOf(c),
  }))
