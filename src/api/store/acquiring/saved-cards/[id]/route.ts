import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deleteSavedCard } from "../customer-cards"

/**
 * DELETE /store/acquiring/saved-cards/:id → `{ id, object: "saved_card", deleted: true }`. Only the
 * logged-in customer's own card: another's is a 404 and nothing is deleted.
 */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await deleteSavedCard(req.scope, req.auth_context.actor_id, req.params.id))
}
