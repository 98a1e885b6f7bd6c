import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { firstIssue } from "../../../gateway/zod-issues"
import { settingsChanges } from "./changes"
import { noCipher, type SettingsCipher } from "./cipher"
import { effectiveSettings, type EffectiveSettings } from "./effective"
import { lockedKeys } from "./layers"
import { MerchantSettings, SETTINGS_KEYS } from "./schema"
import { unmaskSecrets } from "./secrets"
import { mixedModes } from "./check"

export interface SaveRequest {
  values: Record<string, unknown>
  save_anyway?: boolean
  confirm_live?: boolean
  restored_from?: number | null
}

export interface PreparedSave {
  next: MerchantSettings
  changes: ReturnType<typeof settingsChanges>
  /** The entered values as the provider would run them, for the doctor. */
  effective: EffectiveSettings
  going_live: boolean
}

const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

/** The entered values over the newest version, refused with a typed error before anything is checked or written. */
export function prepareSave(
  now: EffectiveSettings,
  raw: Record<string, unknown>,
  req: SaveRequest,
  cipher: SettingsCipher | null,
): PreparedSave {
  const locked = lockedKeys(raw)
  const current: MerchantSettings = now.stored ?? {}
  const given: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(req.values)) {
    if (!(SETTINGS_KEYS as string[]).includes(key)) throw invalid(`values.${key}: not a setting (check the spelling)`)
    if (locked.has(key as never))
      throw invalid(
        `values.${key}: set in medusa-config.ts, so it cannot be changed here; change it in medusa-config.ts`,
      )
    given[key] = value
  }
  const parsed = MerchantSettings.partial().safeParse(
    Object.fromEntries(Object.entries(given).filter(([, v]) => v !== null)),
  )
  if (!parsed.success) {
    const { path, message } = firstIssue(parsed.error as z.ZodError, { fallback: "values" })
    throw invalid(`values.${path}: ${message}`)
  }
  const next: MerchantSettings = { ...current, ...unmaskSecrets(parsed.data, current.accounts) }
  for (const [key, value] of Object.entries(given)) if (value === null) delete next[key as keyof MerchantSettings]
  // Sign keys are stored only encrypted: without the key, no version that holds one.
  if (next.accounts?.length && !cipher) throw noCipher()

  let effective: EffectiveSettings
  try {
    effective = effectiveSettings(now.config_id, raw, 0, next)
  } catch (e) {
    throw invalid((e as Error).message)
  }
  if (effective.missing.length) throw invalid(`values: set ${effective.missing.join(", ")} (required to take payments)`)
  const mixed = mixedModes(effective)
  if (mixed) throw invalid(mixed)
  const going_live = effective.options.client.mode === "live" && now.options.client.mode !== "live"
  if (going_live && req.confirm_live !== true)
    throw invalid("confirm_live: going live takes real money; send confirm_live: true to confirm")
  return { next, changes: settingsChanges(current, next), effective, going_live }
}
