import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { foldOutcomes } from "../../../../../lib/acquiring/overview/outcomes"
import { periodOf } from "../../../../../lib/acquiring/overview/period"
import { overviewList } from "../../../../../lib/acquiring/queries/overview-list"
import { outcomeRows, type OverviewScope } from "../../../../../lib/acquiring/queries/overview"
import { overviewConfigs, pgOf } from "../scope"
import type { AdminOverviewPayments } from "../validators"

/** The gateway orders behind one tile or bar of the overview, newest first. */
export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminOverviewPayments>, res: MedusaResponse) {
  const q = req.validatedQuery
  const now = new Date()
  const configs = overviewConfigs(req.scope, q.provider_id)
  const period = periodOf(q, now)
  const scope: OverviewScope = {
    from: period.from,
    to: period.to,
    now,
    provider_ids: configs.flatMap((c) => c.provider_ids),
  }
  const knex = pgOf(req.scope)
  let codes: string[] | undefined = q.decline_code !== undefined ? [q.decline_code] : undefined
  if (q.category && !codes) {
    // A category is the codes each provider's decline_reasons maps to it, as the bar counted them.
    const reasons = new Map(
      configs.flatMap((c) => c.provider_ids.map((id) => [id, c.options.provider.decline_reasons])),
    )
    const bars = foldOutcomes(await outcomeRows(knex, scope), period.days, (id) => reasons.get(id) ?? {}).declines
    codes = bars.find((b) => b.category === q.category)?.codes.map((c) => c.code) ?? []
  }
  const [kind, method] = q.method ? (q.method.split(":") as ["card" | "apm", string?]) : []
  const { rows, count } = await overviewList(knex, scope, {
    outcome: q.outcome ?? (codes ? "declined" : undefined),
    decline_codes: codes,
    kind,
    payment_method: method,
    tile: q.tile,
    limit: q.limit,
    offset: q.offset,
  })
  res.json({ payments: rows, count, limit: q.limit, offset: q.offset })
}
