import { ProviderOwnOptions } from "../options"
import { PER_ORDER_SETTINGS, SETTINGS_KEYS, type MerchantSettings, type SettingsKey } from "./schema"

type Raw = Record<string, unknown>
const has = (o: unknown, k: string) => !!o && typeof o === "object" && Object.hasOwn(o, k)

const RAW_KEY: Partial<Record<SettingsKey, string>> = { apm_methods: "allowed_payment_methods" }

/** Whether medusa-config.ts sets the field: then it is locked (the admin cannot change it). */
function setInConfig(raw: Raw, key: SettingsKey): boolean {
  if (key === "saved_cards_enabled") return has(raw.saved_cards, "enabled")
  if (key === "payout_account_id") return false
  if ((key === "test_base_url" || key === "live_base_url") && has(raw, "base_url")) return true
  return has(raw, RAW_KEY[key] ?? key)
}

export const lockedKeys = (raw: Raw): Set<SettingsKey> => new Set(SETTINGS_KEYS.filter((k) => setInConfig(raw, k)))

export function settingsOfConfig(raw: Raw): MerchantSettings {
  const out: Record<string, unknown> = {}
  for (const key of lockedKeys(raw)) {
    if (key === "apm_methods")
      out[key] = ((raw.allowed_payment_methods as string[]) ?? []).map((method) => ({ method, title: method }))
    else if (key === "saved_cards_enabled") out[key] = (raw.saved_cards as { enabled?: boolean }).enabled
    else out[key] = raw[key] ?? (key.endsWith("_base_url") ? raw.base_url : undefined)
  }
  return out as MerchantSettings
}

export function settingDefault(key: SettingsKey): unknown {
  if (key === "mode") return "test"
  if (key === "saved_cards_enabled") return true
  if (key === "apm_methods") return []
  const option = (
    ProviderOwnOptions.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>
  )[key]
  const r = option?.safeParse(undefined)
  return r?.success ? r.data : null
}

/** Precedence (issue #35): medusa-config, then the saved value, then the default; a store without saves is unchanged. */
export function applySettings(raw: Raw, stored: MerchantSettings | null): Raw {
  if (!stored) return raw
  const locked = lockedKeys(raw)
  const out: Raw = { ...raw }
  for (const key of SETTINGS_KEYS) {
    const value = stored[key]
    if (value === undefined || locked.has(key)) continue
    if (key === "apm_methods") {
      const methods = value as NonNullable<MerchantSettings["apm_methods"]>
      out.allowed_payment_methods = methods.map((m) => m.method)
      out.payment_method_titles = Object.fromEntries(methods.map((m) => [m.method, m.title]))
    } else if (key === "saved_cards_enabled") out.saved_cards = { ...(raw.saved_cards as Raw), enabled: value }
    else if (key === "payout_account_id") continue
    else if (key === "accounts")
      out.accounts = (value as NonNullable<MerchantSettings["accounts"]>).map(({ currencies, ...a }) => ({
        ...a,
        ...(currencies.length && { currencies }),
      }))
    else out[key] = value
  }
  return out
}

/**
 * The values a gateway order's calls use: its credentials from the version it was opened under, its
 * policies from the newest (null: none saved).
 */
export function orderSettings(
  opened: MerchantSettings | null,
  newest: MerchantSettings | null,
): MerchantSettings | null {
  if (!opened && !newest) return null
  const out: Record<string, unknown> = {}
  for (const key of SETTINGS_KEYS) {
    const value = (PER_ORDER_SETTINGS.has(key) ? opened : newest)?.[key]
    if (value !== undefined) out[key] = value
  }
  return out as MerchantSettings
}
