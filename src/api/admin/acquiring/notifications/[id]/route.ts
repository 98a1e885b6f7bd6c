import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { booksOf } from "../../../../../modules/acquiring/books-of"
import { fieldRulesOf, presentNotification } from "../present"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const row = await booksOf(req.scope).retrieveNotification(req.params.id)
  res.json({ notification: presentNotification(row, fieldRulesOf(req.scope)) })
}
