import { MedusaError } from "@medusajs/framework/utils"
import { GATEWAY_DECIMALS } from "../../../gateway/currencies"
/**
 * The gateway sends payout amounts as integers without saying in what unit (the spec §2.8), so
 * `payouts.amount_unit` names it; "minor" means two decimals for every currency (the spec §1.4)
 * unless `payouts.minor_unit_digits` says otherwise. Strings and bigint only: no float touches an amount.
 */
export const DEFAULT_MINOR_UNIT_DIGITS = GATEWAY_DECIMALS

export type PayoutAmountUnit = "minor" | "major"

export type MinorUnitDigits = Readonly<Record<string, number>>

export function currencyDigits(currency: string, overrides: MinorUnitDigits = {}): number {
  const code = currency.toUpperCase()
  return overrides[code] ?? DEFAULT_MINOR_UNIT_DIGITS
}

/** "12.5" → "12.50". */
export function toFixedDecimal(value: string, digits = 2): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim())
  if (!m) throw new MedusaError(MedusaError.Types.INVALID_DATA, `not a plain decimal number: ${value}`)
  const [, sign, int, frac = ""] = m
  const fraction = frac.length >= digits ? frac : frac.padEnd(digits, "0")
  return fraction ? `${sign}${int}.${fraction}` : `${sign}${int}`
}

/** More significant digits than a double holds exactly: its decimal text may not be what was sent. */
const MAX_EXACT_DIGITS = 15

/**
 * One payout amount of the gateway's answer as a decimal string of the currency, read in the configured
 * unit. minor: an integer (number or digits; beyond 2^53 as text) → "98.50". major: a plain decimal
 * (JSON number or text) → at least two decimals, "98.5" → "98.50". A value the unit cannot be
 * (a fraction in minor units) is refused with the option to set, never rounded.
 */
export function readPayoutAmount(
  value: number | string,
  currency: string,
  opts: { unit: PayoutAmountUnit; digits?: MinorUnitDigits; field: string },
): string {
  const text = decimalText(value, opts.field)
  if (opts.unit === "major") return toFixedDecimal(text, GATEWAY_DECIMALS)
  if (!/^-?\d+$/.test(text)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${opts.field} ${text} is not a whole number of minor units: if your gateway writes payout amounts in ` +
        `currency units, set gateway_profile.payout_amount_unit: "major"`,
    )
  }
  const digits = currencyDigits(currency, opts.digits)
  const negative = text.startsWith("-")
  const abs = BigInt(negative ? text.slice(1) : text).toString()
  if (digits === 0) return (negative && abs !== "0" ? "-" : "") + abs
  const padded = abs.padStart(digits + 1, "0")
  return `${negative && abs !== "0" ? "-" : ""}${padded.slice(0, -digits)}.${padded.slice(-digits)}`
}

/**
 * A number's shortest decimal text (what the JSON said: exact for a safe integer, or a fraction of up to
 * 15 significant digits) or a decimal string as sent.
 */
function decimalText(value: number | string, field: string): string {
  const text = typeof value === "number" ? String(value) : value.trim()
  const plain = /^-?\d+(\.\d+)?$/.test(text)
  const significant = text.replace(/^-?0*\.?0*/, "").replace(".", "").length
  const inexact =
    typeof value === "number" &&
    (Number.isInteger(value) ? !Number.isSafeInteger(value) : significant > MAX_EXACT_DIGITS)
  if (!plain || inexact) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${field} is not an exact decimal amount: ${text}`)
  }
  return text
}
