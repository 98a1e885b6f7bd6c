import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { settingsOwner } from "../../owner"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const owner = settingsOwner(req.scope)
  const { config_id } = await owner.settingsEntry(req.params.provider_id)
  res.json({ versions: await owner.settingsHistory(config_id) })
}
