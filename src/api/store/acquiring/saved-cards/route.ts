import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listSavedCards } from "./customer-cards"

/** The logged-in customer's saved cards; never a token. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json({ saved_cards: (await listSavedCards(req.scope, req.auth_context.actor_id)) ?? [] })
}
