import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deleteSavedCard } from "../customer-cards"

/** Only the logged-in customer's own card: another's is a 404. */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await deleteSavedCard(req.scope, req.auth_context.actor_id, req.params.id))
}
