import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ACQUIRING_MODULE } from "../../../../modules/acquiring"
import type AcquiringModuleService from "../../../../modules/acquiring/service"
import type { SettingsSave } from "../../../../modules/acquiring/lib/settings-owner"

/** A new version with its audit row; undone by removing both, so a failed run leaves no version behind. */
export const writeSettingsStep = createStep(
  "acquiring-write-settings",
  async (input: SettingsSave, { container }) => {
    const version = await container.resolve<AcquiringModuleService>(ACQUIRING_MODULE).saveSettings(input)
    return new StepResponse(version, { config_id: input.config_id, version })
  },
  async (written, { container }) => {
    if (!written) return
    await container
      .resolve<AcquiringModuleService>(ACQUIRING_MODULE)
      .dropSettingsVersion(written.config_id, written.version)
  },
)
