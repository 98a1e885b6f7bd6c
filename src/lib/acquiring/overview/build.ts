import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { AcquiringProviderConfig } from "../config"
import { awaitingRows, moneyRows, openDisputes, outcomeRows, type OpenDisputeRow } from "../queries/overview"
import type { Tally } from "./money"
import { foldOutcomes, type Outcomes } from "./outcomes"
import type { Period } from "./period"
import { foldAwaiting, foldMoney, type AwaitingTile, type MoneyTile } from "./tiles"

const DAY = 24 * 60 * 60 * 1000

export interface Overview {
  period: { from: string; to: string }
  provider_ids: string[]
  tiles: Record<MoneyTile, Tally> & { volume: Tally; awaiting_capture: AwaitingTile }
  outcomes: Omit<Outcomes, "volume">
  open_disputes: OpenDisputeRow[]
}

/** A period's overview: four grouped queries over the books, run at once and folded here. */
export async function buildOverview(
  knex: Knex,
  configs: AcquiringProviderConfig[],
  period: Period,
  now: Date,
): Promise<Overview> {
  const provider_ids = configs.flatMap((c) => c.provider_ids)
  const scope = { from: period.from, to: period.to, provider_ids, now }
  const manual = configs.filter((c) => c.options.provider.capture_mode !== "automatic")
  const window = Math.max(1, ...manual.map((c) => c.options.provider.capture_window_days))
  const manualIds = manual.flatMap((c) => c.provider_ids)
  const [outcomes, money, awaiting, disputes] = await Promise.all([
    outcomeRows(knex, scope),
    moneyRows(knex, scope),
    awaitingRows(knex, manualIds, new Date(now.getTime() - window * DAY)),
    openDisputes(knex, provider_ids),
  ])
  const reasons = new Map(configs.flatMap((c) => c.provider_ids.map((id) => [id, c.options.provider.decline_reasons])))
  const { volume, ...charts } = foldOutcomes(outcomes, period.days, (id) => reasons.get(id) ?? {})
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    provider_ids,
    tiles: { volume, ...foldMoney(money), awaiting_capture: foldAwaiting(awaiting, window) },
    outcomes: charts,
    open_disputes: disputes,
  }
}
