import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYOUT_MODULE } from "../../../../../modules/payout"
import type PayoutModuleService from "../../../../../modules/payout/service"
import { presentPayout } from "../present"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const payouts = req.scope.resolve<PayoutModuleService>(PAYOUT_MODULE)
  res.json({ payout: presentPayout(await payouts.retrievePayout(req.params.id)) })
}
