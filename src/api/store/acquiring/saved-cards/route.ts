import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listSavedCards } from "./customer-cards"

/**
 * GET /store/acquiring/saved-cards → `{ saved_cards: [{ id, brand, last4, exp_month, exp_year, created_at }] }`:
 * the logged-in customer's saved cards (customer auth in ./middlewares.ts). Never a token.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json({ saved_cards: (await listSavedCards(req.scope, req.auth_context.actor_id)) ?? [] })
}
