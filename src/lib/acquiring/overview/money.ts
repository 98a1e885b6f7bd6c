import { MathBN } from "@medusajs/framework/utils"

/** An amount per currency: never summed across currencies, each a decimal string. */
export type ByCurrency = Record<string, string>

/** A count and its amounts, one per currency. */
export interface Tally {
  count: number
  amounts: ByCurrency
}

export const emptyTally = (): Tally => ({ count: 0, amounts: {} })

/** Adds `amount` (a decimal string from the database's exact sum) to its currency, exactly. */
export function addTo(tally: Tally, count: number, currency: string, amount: string | null): Tally {
  tally.count += count
  if (amount == null) return tally
  const code = currency.toUpperCase()
  tally.amounts[code] = MathBN.add(tally.amounts[code] ?? 0, amount).toFixed()
  return tally
}
