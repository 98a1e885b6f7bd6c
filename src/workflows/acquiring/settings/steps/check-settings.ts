import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkSettings, type SettingsCheck } from "../../../../lib/acquiring/settings/check"
import { settingsCipher } from "../../../../lib/acquiring/settings/cipher"
import { prepareSave, type SaveRequest } from "../../../../lib/acquiring/settings/prepare"
import { openEntered, sealSecrets } from "../../../../lib/acquiring/settings/secrets"
import { ACQUIRING_MODULE } from "../../../../modules/acquiring"
import type AcquiringModuleService from "../../../../modules/acquiring/service"
import type { SettingsSave } from "../../../../modules/acquiring/lib/settings-owner"

export interface SaveSettingsInput extends SaveRequest {
  provider_id: string
  actor: { id: string; email: string | null }
}

export type CheckedSettings =
  | { ok: true; save: SettingsSave }
  | { ok: false; refusal: { type: "check_failed"; message: string; check: SettingsCheck } }

/** The entered values validated over the newest version, then run by the doctor; a failing check refuses the save unless save_anyway. */
export const checkSettingsStep = createStep(
  "acquiring-check-settings",
  async (input: SaveSettingsInput, { container }) => {
    const owner = container.resolve<AcquiringModuleService>(ACQUIRING_MODULE)
    const now = await owner.effectiveSettings(input.provider_id)
    const raw = (await owner.settingsEntry(now.config_id)).raw_options ?? {}
    const cipher = settingsCipher()
    const prepared = prepareSave(now, raw, { ...input, values: openEntered(input.values, cipher) }, cipher)
    const check = await checkSettings(prepared.effective)
    if (!check.ok && (prepared.going_live || input.save_anyway !== true)) {
      const why = check.steps
        .filter((s) => !s.ok)
        .map((s) => `${s.name}: ${s.message}`)
        .join("; ")
      const message = prepared.going_live
        ? `Going live needs a passing check of the live values: ${why}`
        : `The gateway refused the entered values: ${why}. Fix them, or save anyway.`
      return new StepResponse<CheckedSettings>({ ok: false, refusal: { type: "check_failed", message, check } })
    }
    return new StepResponse<CheckedSettings>({
      ok: true,
      save: {
        config_id: now.config_id,
        sealed: cipher ? sealSecrets(prepared.next, cipher) : prepared.next,
        actor: input.actor,
        changes: prepared.changes,
        check_overridden: !check.ok,
        check,
        restored_from: input.restored_from ?? null,
      },
    })
  },
)
