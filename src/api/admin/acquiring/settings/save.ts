import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { z } from "zod"
import { firstIssue } from "../../../../gateway/zod-issues"
import { settingsChanges } from "../../../../lib/acquiring/settings/changes"
import { noCipher, settingsCipher } from "../../../../lib/acquiring/settings/cipher"
import { effectiveSettings } from "../../../../lib/acquiring/settings/effective"
import { lockedKeys } from "../../../../lib/acquiring/settings/layers"
import { MerchantSettings, SETTINGS_KEYS } from "../../../../lib/acquiring/settings/schema"
import { sealSecrets, unmaskSecrets } from "../../../../lib/acquiring/settings/secrets"
import type AcquiringBooksService from "../../../../modules/acquiring/service"
import { ACQUIRING_BOOKS_MODULE } from "../../../../modules/acquiring"
import { checkSettings, mixedModes, type SettingsCheck } from "./check"

export const SETTINGS_UPDATED = "acquiring.settings.updated"

export interface SaveRequest {
  values: Record<string, unknown>
  save_anyway?: boolean
  confirm_live?: boolean
  restored_from?: number | null
}

export type SaveOutcome =
  | { status: 200; body: { version: number; check: SettingsCheck } }
  | {
      status: 422
      body: { type: "check_failed"; message: string; check: SettingsCheck }
    }

const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

/** Checked by the doctor against the entered values; nothing is written when any step refuses. */
export async function saveSettings(
  scope: MedusaContainer,
  providerId: string,
  actor: { id: string; email: string | null },
  req: SaveRequest,
): Promise<SaveOutcome> {
  const owner = scope.resolve<AcquiringBooksService>(ACQUIRING_BOOKS_MODULE)
  const now = await owner.effectiveSettings(providerId)
  const configId = now.config_id
  const raw = (await owner.settingsEntry(configId)).raw_options ?? {}
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
  const entered = unmaskSecrets(parsed.data, current.accounts)
  const next: MerchantSettings = { ...current, ...entered }
  for (const [key, value] of Object.entries(given)) if (value === null) delete next[key as keyof MerchantSettings]

  const cipher = settingsCipher()
  // Sign keys are stored only encrypted: without the key, no version that holds one.
  if (next.accounts?.length && !cipher) throw noCipher()

  let effective
  try {
    effective = effectiveSettings(configId, raw, 0, next)
  } catch (e) {
    throw invalid((e as Error).message)
  }
  if (effective.missing.length) throw invalid(`values: set ${effective.missing.join(", ")} (required to take payments)`)
  const mixed = mixedModes(effective)
  if (mixed) throw invalid(mixed)
  const goingLive = effective.options.client.mode === "live" && now.options.client.mode !== "live"
  if (goingLive && req.confirm_live !== true)
    throw invalid("confirm_live: going live takes real money; send confirm_live: true to confirm")

  const check = await checkSettings(effective)
  if (!check.ok && (goingLive || req.save_anyway !== true)) {
    const why = check.steps
      .filter((s) => !s.ok)
      .map((s) => `${s.name}: ${s.message}`)
      .join("; ")
    return {
      status: 422,
      body: {
        type: "check_failed",
        message: goingLive
          ? `Going live needs a passing check of the live values: ${why}`
          : `The gateway refused the entered values: ${why}. Fix them, or save anyway.`,
        check,
      },
    }
  }
  const version = await owner.saveSettings({
    config_id: configId,
    sealed: cipher ? sealSecrets(next, cipher) : next,
    actor,
    changes: settingsChanges(current, next),
    check_overridden: !check.ok,
    check,
    restored_from: req.restored_from ?? null,
  })
  await scope.resolve(Modules.EVENT_BUS).emit({ name: SETTINGS_UPDATED, data: { provider_id: configId, version } })
  return { status: 200, body: { version, check } }
}
