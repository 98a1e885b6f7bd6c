import { fractionBeyondMinorUnit, minorUnitDigits } from "../gateway/currencies"

/** Amounts travel as "12.50" and are held as integer minor units (at most 12 integer digits, so exact). */
export function toMinor(amount: string): number {
  const m = /^(\d+)\.(\d{2})$/.exec(amount)
  if (!m) throw new Error(`not a two-decimal amount: ${amount}`)
  return Number(m[1]) * 100 + Number(m[2])
}

export function fromMinor(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not an integer amount: ${minor}`)
  const sign = minor < 0 ? "-" : ""
  const abs = Math.abs(minor)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
}

/** Half-up rounding of amount × basis points / 10 000, in integers only. */
export function basisPoints(minor: number, bp: number): number {
  return Math.floor((minor * bp + 5_000) / 10_000)
}

/**
 * "1000.50" JPY: a fraction the currency does not have (ISO 4217 minor units, as Node's ICU
 * lists them). The gateway takes two-decimal strings for every currency, so "1000.00" JPY is
 * accepted; the sandbox refuses a fraction as the engine's input validation (I0002) would.
 */
export function currencyAmountIssue(amount: string, currency: string): string | null {
  if (!fractionBeyondMinorUnit(amount, currency)) return null
  const digits = minorUnitDigits(currency)
  return `${currency} amounts have ${digits === 1 ? "1 decimal place" : `${digits} decimal places`}: ${amount} is not a valid ${currency} amount`
}
