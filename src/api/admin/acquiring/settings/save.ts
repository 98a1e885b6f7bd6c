import type { MedusaContainer } from "@medusajs/framework/types"
import { settingsCipher } from "../../../../lib/acquiring/settings/cipher"
import type { SaveRequest } from "../../../../lib/acquiring/settings/prepare"
import { sealEntered } from "../../../../lib/acquiring/settings/secrets"
import { saveSettingsWorkflow } from "../../../../workflows/acquiring/settings/save-settings"
import { settingsOwner } from "./owner"

/** Runs the save workflow; entered sign keys are sealed before they become its input. */
export async function saveSettings(
  scope: MedusaContainer,
  providerId: string,
  actor: { id: string; email: string | null },
  req: SaveRequest,
) {
  settingsOwner(scope)
  const values = sealEntered(req.values, settingsCipher())
  const { result } = await saveSettingsWorkflow(scope).run({
    input: { ...req, values, provider_id: providerId, actor },
  })
  return result
}
