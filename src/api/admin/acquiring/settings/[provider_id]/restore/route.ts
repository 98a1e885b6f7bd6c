import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { settingsCipher } from "../../../../../../lib/acquiring/settings/cipher"
import { openSecrets } from "../../../../../../lib/acquiring/settings/secrets"
import { SETTINGS_KEYS } from "../../../../../../lib/acquiring/settings/schema"
import { lockedKeys } from "../../../../../../lib/acquiring/settings/layers"
import { actorOf, settingsOwner } from "../../owner"
import { saveSettings } from "../../save"
import type { AdminRestoreSettings } from "../../validators"

/** An earlier version becomes a new one, checked again before it counts. */
export async function POST(req: AuthenticatedMedusaRequest<AdminRestoreSettings>, res: MedusaResponse) {
  const owner = settingsOwner(req.scope)
  const entry = await owner.settingsEntry(req.params.provider_id)
  const { version, save_anyway } = req.validatedBody
  const sealed = await owner.sealedSettings(entry.config_id, version)
  if (!sealed)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `version: ${entry.config_id} has no version ${version}`)
  const cipher = settingsCipher()
  const values: Record<string, unknown> = cipher ? openSecrets(sealed, cipher) : { ...sealed }
  // Fields medusa-config.ts locks now are not the admin's to restore; fields the version left unset go back to default.
  const locked = lockedKeys(entry.raw_options ?? {})
  for (const key of SETTINGS_KEYS) {
    if (locked.has(key)) delete values[key]
    else if (values[key] === undefined) values[key] = null
  }
  const actor = await actorOf(req.scope, req.auth_context.actor_id)
  const out = await saveSettings(req.scope, entry.config_id, actor, {
    values,
    save_anyway,
    confirm_live: true,
    restored_from: version,
  })
  res.status(out.status).json(out.body)
}
