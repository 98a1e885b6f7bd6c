import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { buildOverview } from "../../../../lib/acquiring/overview/build"
import { periodOf } from "../../../../lib/acquiring/overview/period"
import { overviewConfigs, pgOf } from "./scope"
import type { AdminOverview } from "./validators"

export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminOverview>, res: MedusaResponse) {
  const q = req.validatedQuery
  const now = new Date()
  const configs = overviewConfigs(req.scope, q.provider_id)
  res.json({ overview: await buildOverview(pgOf(req.scope), configs, periodOf(q, now), now) })
}
