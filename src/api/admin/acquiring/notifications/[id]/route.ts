import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { acquiringOf } from "../../../../../modules/acquiring"
import { fieldRulesOf, presentNotification } from "../present"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const row = await acquiringOf(req.scope).retrieveNotification(req.params.id)
  res.json({ notification: presentNotification(row, fieldRulesOf(req.scope)) })
}
