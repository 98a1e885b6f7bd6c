import { MedusaError } from "@medusajs/framework/utils"
/**
 * Exact amount conversion. The gateway gives fee_amount, amount_beneficiary_receives and
 * amount_payer_pays as integers (gateway-interface.md §2.8) without saying in what unit. Every amount the
 * gateway writes has two decimals (gateway-interface.md §1.4), so we read the integers as hundredths of
 * the currency unit for every currency (the sandbox does the same); a currency the gateway
 * counts otherwise (e.g. JPY in whole yen) is set with `payouts.minor_unit_digits`
 * (docs/assumptions.md). String arithmetic only: no float ever touches an amount.
 */
export const DEFAULT_MINOR_UNIT_DIGITS = 2

export type MinorUnitDigits = Readonly<Record<string, number>>

export function currencyDigits(currency: string, overrides: MinorUnitDigits = {}): number {
  const code = currency.toUpperCase()
  return overrides[code] ?? DEFAULT_MINOR_UNIT_DIGITS
}

/** 1250 minor units of EUR → "12.50"; -5 of JPY → "-5". */
export function minorToDecimal(minor: number, currency: string, overrides: MinorUnitDigits = {}): string {
  if (!Number.isSafeInteger(minor)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `expected an integer amount in minor units, got ${String(minor)}`,
    )
  }
  const digits = currencyDigits(currency, overrides)
  const sign = minor < 0 ? "-" : ""
  const abs = String(Math.abs(minor))
  if (digits === 0) return sign + abs
  const padded = abs.padStart(digits + 1, "0")
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`
}

/** Normalises a plain decimal string to at least `digits` decimals ("12.5" → "12.50"). */
export function toFixedDecimal(value: string, digits = 2): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim())
  if (!m) throw new MedusaError(MedusaError.Types.INVALID_DATA, `not a plain decimal number: ${value}`)
  const [, sign, int, frac = ""] = m
  const fraction = frac.length >= digits ? frac : frac.padEnd(digits, "0")
  return fraction ? `${sign}${int}.${fraction}` : `${sign}${int}`
}
