import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { checkSettingsStep, type CheckedSettings, type SaveSettingsInput } from "./steps/check-settings"
import { writeSettingsStep } from "./steps/write-settings"

export const SETTINGS_UPDATED = "acquiring.settings.updated"
export const saveSettingsWorkflowId = "acquiring-save-settings"

export type SaveSettingsResult =
  | { status: 200; body: { version: number; check: unknown } }
  | { status: 422; body: Extract<CheckedSettings, { ok: false }>["refusal"] }

/** Checked, written with its audit, then announced: every server and worker reads the new version next. */
export const saveSettingsWorkflow = createWorkflow(saveSettingsWorkflowId, (input: SaveSettingsInput) => {
  const checked = checkSettingsStep(input)
  const version = when("acquiring-settings-checked", { checked }, ({ checked }) => checked.ok).then(() => {
    const save = transform({ checked }, ({ checked }) => (checked as Extract<CheckedSettings, { ok: true }>).save)
    const written = writeSettingsStep(save)
    const data = transform({ save, written }, ({ save, written }) => ({
      provider_id: save.config_id,
      version: written,
    }))
    emitEventStep({ eventName: SETTINGS_UPDATED, data })
    return written
  })
  const result = transform({ checked, version }, ({ checked, version }): SaveSettingsResult =>
    checked.ok
      ? { status: 200, body: { version: version!, check: checked.save.check } }
      : { status: 422, body: checked.refusal },
  )
  return new WorkflowResponse(result)
})
