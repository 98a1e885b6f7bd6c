import type { AwaitingRow, MoneyRow } from "../queries/overview"
import { addTo, emptyTally, type Tally } from "./money"

export const MONEY_TILES = ["captured", "refunded", "voided", "disputed", "settled_orphans"] as const
export type MoneyTile = (typeof MONEY_TILES)[number]

export interface AwaitingTile extends Tally {
  /** When the first of them can no longer be captured (its opening plus the capture window); null when none. */
  nearest_deadline: string | null
}

const DAY = 24 * 60 * 60 * 1000

export function foldMoney(rows: MoneyRow[]): Record<MoneyTile, Tally> {
  const out = Object.fromEntries(MONEY_TILES.map((t) => [t, emptyTally()])) as Record<MoneyTile, Tally>
  for (const r of rows) {
    const tile = out[r.what as MoneyTile]
    if (tile) addTo(tile, r.count, r.currency_code, r.amount)
  }
  return out
}

export function foldAwaiting(rows: AwaitingRow[], captureWindowDays: number): AwaitingTile {
  const tally = emptyTally()
  let oldest: number | null = null
  for (const r of rows) {
    addTo(tally, r.count, r.currency_code, r.amount)
    const t = new Date(r.oldest).getTime()
    if (oldest === null || t < oldest) oldest = t
  }
  return {
    ...tally,
    nearest_deadline: oldest === null ? null : new Date(oldest + captureWindowDays * DAY).toISOString(),
  }
}
