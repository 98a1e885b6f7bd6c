import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { listSavedCards } from "../../../../../store/acquiring/saved-cards/customer-cards"

/** Masked; never a token. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const cards = await listSavedCards(req.scope, req.params.customer_id)
  if (!cards) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No customer ${req.params.customer_id}`)
  res.json({ saved_cards: cards })
}
