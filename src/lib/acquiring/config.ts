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

export const configIdOf = (providerId: string): string | null => ACQUIRING_PROVIDER_ID.exec(providerId)?.[2] ?? null

/**
 * Without `pp_`, as Medusa's `/hooks/payment/:provider` route passes it: 2.18 always prefixes `pp_`
 * (a full id would become `pp_pp_…`), 2.21 only when missing; the short form works on both.
 */
export const webhookProviderOf = (providerId: string): string => providerId.replace(/^pp_/, "")

type ProviderEntry = { resolve?: unknown; id?: unknown; options?: Record<string, unknown> }

export interface AcquiringProviderConfig {
  config_id: string
  provider_ids: string[]
  options: AcquiringOptions
  /** As written in medusa-config: the fields it sets are locked in the admin (issue #35). */
  raw_options?: Record<string, unknown>
  /** Connection fields neither medusa-config.ts sets nor (yet) a saved version: the entry cannot take payments. */
  missing?: string[]
}

/** Parsed once per app config: routes (session creation, hosted page) ask on every request. */
const parsed = new WeakMap<ConfigModule, AcquiringProviderConfig[]>()

/** Every acquiring provider of the app config, parsed: the one place routes, jobs and workflows read options. */
export function acquiringProviderConfigs(configModule: ConfigModule): AcquiringProviderConfig[] {
  let all = parsed.get(configModule)
  if (!all) parsed.set(configModule, (all = readProviders(configModule)))
  return all
}

export const acquiringProviderIds = (
  configModule: ConfigModule,
  where: (c: AcquiringProviderConfig) => boolean = () => true,
): string[] =>
  acquiringProviderConfigs(configModule)
    .filter(where)
    .flatMap((c) => c.provider_ids)

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
