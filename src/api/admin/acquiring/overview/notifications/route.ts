import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { foldHealth, GRACE_MS } from "../../../../../lib/acquiring/notify-health/fold"
import { lastDeliveries, paidRows } from "../../../../../lib/acquiring/queries/notification-health"
import { overviewConfigs, pgOf } from "../scope"
import { healthProviders } from "./providers"

const WINDOW_MS = 7 * 24 * 60 * 60 * 1000

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const now = new Date()
  const knex = pgOf(req.scope)
  const since = new Date(now.getTime() - WINDOW_MS)
  const [deliveries, paid] = await Promise.all([
    lastDeliveries(knex, since),
    paidRows(knex, since, new Date(now.getTime() - GRACE_MS)),
  ])
  res.json({ providers: foldHealth(healthProviders(overviewConfigs(req.scope)), deliveries, paid, now) })
}
