import type { ConfigModule } from "@medusajs/framework/types"
import { parseAcquiringOptions, type AcquiringOptions } from "./options"
import { withPlaceholders } from "./settings/unconfigured"

/** Provider ids our services get: pp_acquiring_<id> (hosted) and pp_acquiring-apm_<id> (APM). */
export const ACQUIRING_PROVIDER_ID = /^pp_(acquiring|acquiring-apm)_(.+)$/

export const isAcquiringProvider = (providerId: unknown): providerId is string =>
  typeof providerId === "string" && ACQUIRING_PROVIDER_ID.test(providerId)

export const providerIdsOf = (configId: string): [string, string] => [
  `pp_acquiring_${configId}`,
  `pp_acquiring-apm_${configId}`,
]

/** The config entry's `id` of a provider id (null for another provider's). */
export const configIdOf = (providerId: string): string | null => ACQUIRING_PROVIDER_ID.exec(providerId)?.[2] ?? null

/**
 * The provider as the payment module's `getWebhookActionAndData({ provider })` takes it: without `pp_`,
 * the form Medusa's own `/hooks/payment/:provider` route passes. Medusa 2.18 always puts `pp_` in front
 * (a full id would resolve as `pp_pp_acquiring_…` and fail); 2.21 only when it is missing. The short
 * form resolves the same provider on both, so no version check is needed (docs/assumptions.md).
 */
export const webhookProviderOf = (providerId: string): string => providerId.replace(/^pp_/, "")

type ProviderEntry = { resolve?: unknown; id?: unknown; options?: Record<string, unknown> }

export interface AcquiringProviderConfig {
  /** The `id` given in medusa-config (e.g. "acquiring"). */
  config_id: string
  /** Medusa provider ids of its services (hosted and APM). */
  provider_ids: string[]
  options: AcquiringOptions
  /** The options as written in medusa-config.ts: what they set locks the admin's field (issue #35). */
  raw_options?: Record<string, unknown>
  /** Connection fields neither medusa-config.ts sets nor (yet) a saved version: the entry cannot take payments. */
  missing?: string[]
}

/** Parsed once per app config: routes (session creation, hosted page) ask on every request. */
const parsed = new WeakMap<ConfigModule, AcquiringProviderConfig[]>()

/**
 * Every acquiring provider configured in the app, with its parsed options: the one place the app
 * config is read for them (routes, jobs, workflows and the payout module get no provider options
 * of their own). Medusa already validated each entry at boot (the provider's validateOptions).
 */
export function acquiringProviderConfigs(configModule: ConfigModule): AcquiringProviderConfig[] {
  let all = parsed.get(configModule)
  if (!all) parsed.set(configModule, (all = readProviders(configModule)))
  return all
}

/** The Medusa provider ids (hosted and APM) of the configured acquiring providers, of those `where` keeps. */
export const acquiringProviderIds = (
  configModule: ConfigModule,
  where: (c: AcquiringProviderConfig) => boolean = () => true,
): string[] =>
  acquiringProviderConfigs(configModule)
    .filter(where)
    .flatMap((c) => c.provider_ids)

/** Options of the acquiring provider with the given provider id (null for another provider's). */
export function acquiringOptionsFor(configModule: ConfigModule, providerId: string): AcquiringOptions | null {
  const configId = configIdOf(providerId)
  if (!configId) return null
  return acquiringProviderConfigs(configModule).find((c) => c.config_id === configId)?.options ?? null
}

function readProviders(configModule: ConfigModule): AcquiringProviderConfig[] {
  const out: AcquiringProviderConfig[] = []
  for (const mod of Object.values((configModule.modules ?? {}) as Record<string, unknown>)) {
    const providers = ((mod as { options?: { providers?: ProviderEntry[] } })?.options?.providers ??
      []) as ProviderEntry[]
    for (const p of providers) {
      if (typeof p?.id !== "string" || !/acquiring/.test(String(p?.resolve ?? ""))) continue
      const raw_options = p.options ?? {}
      const { raw, missing } = withPlaceholders(raw_options)
      out.push({
        config_id: p.id,
        provider_ids: providerIdsOf(p.id),
        options: parseAcquiringOptions(raw),
        raw_options,
        missing,
      })
    }
  }
  return out
}
