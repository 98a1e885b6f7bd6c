import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { actorOf } from "../owner"
import { saveSettings } from "../save"
import type { AdminSaveSettings } from "../validators"

/** A failing check is refused unless save_anyway. */
export async function POST(req: AuthenticatedMedusaRequest<AdminSaveSettings>, res: MedusaResponse) {
  const actor = await actorOf(req.scope, req.auth_context.actor_id)
  const out = await saveSettings(req.scope, req.params.provider_id, actor, req.validatedBody)
  res.status(out.status).json(out.body)
}
