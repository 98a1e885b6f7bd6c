import { code as isoCurrency } from "currency-codes"
import { z } from "zod"
import { Currency } from "./schemas/common"

/**
 * Minor-unit digits per currency, from ISO 4217 (what card networks clear by); ICU only fills codes ISO
 * lacks, since CLDR shows 0 where ISO has 2 (HUF, IDR …) and a HUF shop's 1234.50 would be refused.
 */

/** Whatever the currency (the spec §1.4). */
export const GATEWAY_DECIMALS = 2

export const CurrencyDigits = z.record(Currency, z.number().int().min(0).max(4))
export type CurrencyDigits = z.infer<typeof CurrencyDigits>

/** An amount the gateway cannot carry exactly: refused, or rounded half up. */
export const CurrencyRounding = z.enum(["refuse", "half_up"])
export type CurrencyRounding = z.infer<typeof CurrencyRounding>

export interface CurrencyRule {
  currency_rounding: CurrencyRounding
  currency_digits?: CurrencyDigits
}

const icuCache = new Map<string, number>()

export function icuMinorUnitDigits(currency: string): number {
  const code = currency.toUpperCase()
  let digits = icuCache.get(code)
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ??
        GATEWAY_DECIMALS
    } catch {
      digits = GATEWAY_DECIMALS
    }
    icuCache.set(code, digits)
  }
  return digits
}

export function minorUnitDigits(currency: string, overrides: CurrencyDigits = {}): number {
  const code = currency.toUpperCase()
  if (Object.hasOwn(overrides, code)) return overrides[code]
  return isoCurrency(code)?.digits ?? icuMinorUnitDigits(code)
}

export function currencyDigitsTable(overrides: CurrencyDigits = {}): Record<string, number> {
  const codes = new Set([...Intl.supportedValuesOf("currency"), ...Object.keys(overrides)])
  return Object.fromEntries([...codes].sort().map((c) => [c, minorUnitDigits(c, overrides)]))
}

export const gatewayDecimalsOf = (digits: number) => Math.min(digits, GATEWAY_DECIMALS)

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** Rounded half up, as Medusa's ROUND_HALF_UP. */
export function toUnits(value: string, decimals: number): { units: bigint; exact: boolean } {
  const match = DECIMAL.exec(value.trim())
  if (!match) throw new Error(`not a plain decimal number: ${value}`)
  const frac = match[3] ?? ""
  const kept = BigInt(match[2] + frac.slice(0, decimals).padEnd(decimals, "0"))
  const cut = frac.slice(decimals)
  const exact = !/[1-9]/.test(cut)
  const units = cut && cut[0] >= "5" ? kept + 1n : kept
  return { units: match[1] && units !== 0n ? -units : units, exact }
}

/** Units of 10^-decimals as the gateway's two-decimal string (1099 units of 0 decimals → "1099.00"). */
export function fromUnits(units: bigint, decimals: number): string {
  const neg = units < 0n
  const s = (neg ? -units : units).toString().padStart(decimals + 1, "0")
  const whole = decimals ? s.slice(0, -decimals) : s
  const frac = decimals ? s.slice(-decimals) : ""
  return `${neg ? "-" : ""}${whole}.${frac.padEnd(GATEWAY_DECIMALS, "0")}`
}

/** A decimal rounded half up to `decimals` (≤ 2) and written with two decimals. */
export function roundForGateway(value: string, decimals: number): string {
  return fromUnits(toUnits(value, decimals).units, decimals)
}

export type GatewayAmount =
  | {
      ok: true
      /** Two-decimal string for the gateway. */
      amount: string
      /** The currency's minor-unit digits (table and overrides). */
      digits: number
      /** Decimals the amount really carries (0 for JPY, 2 for EUR and, rounded, for KWD). */
      decimals: number
      /** Rounding under the opt-in rule changed the amount (beyond Medusa's own cent rounding). */
      rounded: boolean
    }
  | { ok: false; reason: string }

const places = (n: number) => (n === 1 ? "1 decimal place" : `${n} decimal places`)

/**
 * The gateway's amount for an exact decimal in a currency. Two-decimal currencies are rounded
 * to the cent as Medusa rounds them itself. A fraction of a zero-decimal currency and any amount
 * of a currency with more than two decimals are refused, unless the rule is `half_up`.
 */
export function gatewayAmount(value: string, currency: string, rule: CurrencyRule): GatewayAmount {
  const code = currency.toUpperCase()
  const digits = minorUnitDigits(code, rule.currency_digits)
  const decimals = gatewayDecimalsOf(digits)
  const { units, exact } = toUnits(value, decimals)
  const refuse = rule.currency_rounding === "refuse"
  if (digits > GATEWAY_DECIMALS && refuse) {
    return {
      ok: false,
      reason:
        `${code} has ${places(digits)} and the gateway takes amounts with at most two, so ${value} ${code} ` +
        `would be rounded and the gateway's order would differ from Medusa's; ${code} payments are refused ` +
        `(provider option currency_rounding: "half_up" accepts the rounding)`,
    }
  }
  if (digits < GATEWAY_DECIMALS && !exact && refuse) {
    return {
      ok: false,
      reason:
        `${value} ${code} is not a whole amount of ${code}, which has ${places(digits)}; the gateway would ` +
        `charge a rounded amount, so the payment is refused (provider option currency_rounding: "half_up" ` +
        `rounds it to ${fromUnits(units, decimals)})`,
    }
  }
  return {
    ok: true,
    amount: fromUnits(units, decimals),
    digits,
    decimals,
    rounded: !exact && digits !== GATEWAY_DECIMALS,
  }
}

/**
 * Whether a two-decimal amount carries a fraction its currency does not have ("1000.50" JPY):
 * the sandbox refuses such an amount as the engine's input validation would.
 */
export function fractionBeyondMinorUnit(amount: string, currency: string, overrides: CurrencyDigits = {}): boolean {
  const digits = minorUnitDigits(currency, overrides)
  return digits < GATEWAY_DECIMALS && !toUnits(amount, digits).exact
}
