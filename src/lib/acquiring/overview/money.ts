import { MathBN } from "@medusajs/framework/utils"

/** An amount per currency: never summed across currencies, each a decimal string. */
export type ByCurrency = Record<string, string>

export interface Tally {
  count: number
  amounts: ByCurrency
}

export const emptyTally = (): Tally => ({ count: 0, amounts: {} })

export function addTo(tally: Tally, count: number, currency: string, amount: string | null): Tally {
  tally.count += count
  if (amount == null) return tally
  const code = currency.toUpperCase()
  tally.amounts[code] = MathBN.add(tally.amounts[code] ?? 0, amount).toFixed()
  return tally
}
