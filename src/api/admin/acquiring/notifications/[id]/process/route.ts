import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { processAgain } from "../../process-again"
import { fieldRulesOf, presentNotification } from "../../present"

/** "Process again" for a refused or failed notification (409 for an accepted one). */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json({ notification: presentNotification(await processAgain(req.scope, req.params.id), fieldRulesOf(req.scope)) })
}
