import { declineReasonOf, type DeclineCategory } from "../decline"
import { addTo, emptyTally, type Tally } from "./money"

export const OUTCOMES = ["approved", "declined", "abandoned", "pending"] as const
export type Outcome = (typeof OUTCOMES)[number]

export interface OutcomeRow {
  day: string
  provider_id: string
  outcome: Outcome
  decline_code: string | null
  kind: string
  payment_method: string | null
  currency_code: string
  count: number
  amount: string
}

export interface DayOutcomes {
  day: string
  approved: number
  declined: number
  abandoned: number
  pending: number
  /** approved / (approved + declined), in percent with one decimal; null when nothing was decided. */
  approval_rate: number | null
}

export interface DeclineBar {
  category: DeclineCategory
  count: number
  /** The gateway's codes behind the category ("" when the notification gave none). */
  codes: { code: string; count: number }[]
}

export interface MethodBar {
  /** card, or apm:<the gateway's payment_method>. */
  method: string
  approved: number
  declined: number
  abandoned: number
  volume: Tally["amounts"]
}

export interface Outcomes {
  days: DayOutcomes[]
  totals: Record<Outcome, number>
  approval_rate: number | null
  volume: Tally
  declines: DeclineBar[]
  methods: MethodBar[]
}

/** The admin's method names: every card flow (hosted page, saved card) is one, each APM its own. */
export const methodOf = (kind: string, paymentMethod: string | null) =>
  kind === "authorise" ? `apm:${paymentMethod || "unknown"}` : "card"

export const approvalRate = (approved: number, declined: number): number | null =>
  approved + declined ? Math.round((approved * 1000) / (approved + declined)) / 10 : null

/** Outcomes per day (zeros included), totals, approval rate, decline reasons (each provider's mapping) and method. */
export function foldOutcomes(
  rows: OutcomeRow[],
  days: string[],
  overrides: (providerId: string) => Readonly<Record<string, DeclineCategory>> = () => ({}),
): Outcomes {
  const byDay = new Map(days.map((day) => [day, { day, approved: 0, declined: 0, abandoned: 0, pending: 0 }]))
  const totals: Record<Outcome, number> = { approved: 0, declined: 0, abandoned: 0, pending: 0 }
  const volume = emptyTally()
  const declines = new Map<DeclineCategory, Map<string, number>>()
  const methods = new Map<string, MethodBar>()
  for (const r of rows) {
    const day = byDay.get(r.day)
    if (day) day[r.outcome] += r.count
    totals[r.outcome] += r.count
    if (r.outcome === "approved") addTo(volume, r.count, r.currency_code, r.amount)
    if (r.outcome === "declined") {
      const code = r.decline_code ?? ""
      const category = declineReasonOf(`${code}:`, overrides(r.provider_id))?.category ?? "declined"
      const codes = declines.get(category) ?? new Map<string, number>()
      codes.set(code, (codes.get(code) ?? 0) + r.count)
      declines.set(category, codes)
    }
    if (r.outcome === "pending") continue
    const name = methodOf(r.kind, r.payment_method)
    const bar = methods.get(name) ?? { method: name, approved: 0, declined: 0, abandoned: 0, volume: {} }
    bar[r.outcome] += r.count
    if (r.outcome === "approved")
      bar.volume = addTo({ count: 0, amounts: bar.volume }, 0, r.currency_code, r.amount).amounts
    methods.set(name, bar)
  }
  return {
    days: [...byDay.values()].map((d) => ({ ...d, approval_rate: approvalRate(d.approved, d.declined) })),
    totals,
    approval_rate: approvalRate(totals.approved, totals.declined),
    volume,
    declines: [...declines]
      .map(([category, codes]) => ({
        category,
        count: [...codes.values()].reduce((a, b) => a + b, 0),
        codes: [...codes].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count),
      }))
      .sort((a, b) => b.count - a.count),
    methods: [...methods.values()].sort((a, b) => (a.method === "card" ? -1 : b.method === "card" ? 1 : 0)),
  }
}
