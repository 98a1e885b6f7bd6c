import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"

export const OVERVIEW_PERIODS = ["today", "7d", "30d", "custom"] as const
export const OverviewPeriod = z.enum(OVERVIEW_PERIODS)
export type OverviewPeriod = z.infer<typeof OverviewPeriod>

/** Longest custom period: a year of days is still one small GROUP BY per chart. */
export const MAX_PERIOD_DAYS = 366
const DAY = 24 * 60 * 60 * 1000

export interface Period {
  /** Inclusive start and exclusive end, whole UTC days. */
  from: Date
  to: Date
  /** Every day of the period (yyyy-mm-dd, UTC), so a day without payments is a zero, not a gap. */
  days: string[]
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10)
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))

/** Whole UTC days ending today; a custom period needs both ends, in order, within MAX_PERIOD_DAYS. */
export function periodOf(q: { period: OverviewPeriod; from?: Date; to?: Date }, now: Date): Period {
  const today = startOfDay(now)
  let from: Date
  let to = new Date(today.getTime() + DAY)
  if (q.period === "custom") {
    if (!q.from || !q.to)
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "period custom needs both from and to (yyyy-mm-dd)")
    from = startOfDay(q.from)
    to = new Date(startOfDay(q.to).getTime() + DAY)
    if (to <= from) throw new MedusaError(MedusaError.Types.INVALID_DATA, "from must not be after to")
  } else {
    const back = { today: 0, "7d": 6, "30d": 29 }[q.period]
    from = new Date(today.getTime() - back * DAY)
  }
  const count = Math.round((to.getTime() - from.getTime()) / DAY)
  if (count > MAX_PERIOD_DAYS)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `a period spans at most ${MAX_PERIOD_DAYS} days`)
  const days = Array.from({ length: count }, (_, i) => dayOf(new Date(from.getTime() + i * DAY)))
  return { from, to, days }
}
