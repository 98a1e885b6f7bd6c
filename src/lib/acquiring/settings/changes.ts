import { isDeepStrictEqual } from "node:util"
import { maskSecrets } from "./secrets"
import { SETTINGS_KEYS, type MerchantSettings } from "./schema"

export interface SettingsChange {
  key: string
  from: unknown
  to: unknown
}

/** A changed secret as the audit shows it: never the key, only that it changed. */
export const CHANGED = "changed"

/** A save's changes for the audit row; sign keys appear only as "changed". */
export function settingsChanges(before: MerchantSettings, after: MerchantSettings): SettingsChange[] {
  const out: SettingsChange[] = []
  for (const key of SETTINGS_KEYS) {
    if (isDeepStrictEqual(before[key] ?? null, after[key] ?? null)) continue
    if (key !== "accounts") {
      out.push({ key, from: before[key] ?? null, to: after[key] ?? null })
      continue
    }
    const keys = new Map((before.accounts ?? []).map((a) => [a.account_id, a.sign_key]))
    const shown = (v: MerchantSettings) => maskSecrets(v).accounts?.map((a) => ({ ...a, sign_key: "" })) ?? null
    const rotated = (after.accounts ?? []).filter(
      (a) => keys.has(a.account_id) && keys.get(a.account_id) !== a.sign_key,
    )
    const from = shown(before)?.map(({ sign_key: _s, ...a }) => a) ?? null
    const to =
      shown(after)?.map(({ sign_key: _s, ...a }) => ({
        ...a,
        ...(rotated.some((r) => r.account_id === a.account_id) || !keys.has(a.account_id) ? { sign_key: CHANGED } : {}),
      })) ?? null
    out.push({ key, from, to })
  }
  return out
}
