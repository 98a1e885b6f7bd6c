import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deleteSavedCard } from "../../../../../../store/acquiring/saved-cards/customer-cards"

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  res.json(await deleteSavedCard(req.scope, req.params.customer_id, req.params.id))
}
