import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { SECRETS_HINT, settingsCipher } from "../../../../../../lib/acquiring/settings/cipher"
import { settingsForm } from "../../../../../../lib/acquiring/settings/form"
import { lockedKeys, settingDefault, settingsOfConfig } from "../../../../../../lib/acquiring/settings/layers"
import { maskSecrets } from "../../../../../../lib/acquiring/settings/secrets"
import { settingsOwner } from "../../owner"

/** Generated from the schema the save validates with. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const owner = settingsOwner(req.scope)
  const s = await owner.effectiveSettings(req.params.provider_id)
  const raw = (await owner.settingsEntry(s.config_id)).raw_options ?? {}
  // Locked fields show what the Medusa config sets; secrets only by their last four characters.
  const values = { ...maskSecrets(s.stored ?? {}), ...maskSecrets(settingsOfConfig(raw)) }
  const editable = settingsCipher() !== null
  res.json({
    provider_id: s.config_id,
    version: s.version,
    mode: s.options.client.mode,
    secrets_editable: editable,
    ...(!editable && { secrets_hint: SECRETS_HINT }),
    groups: settingsForm({ values, defaults: settingDefault, locked: lockedKeys(raw) }),
  })
}
