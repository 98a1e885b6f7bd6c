import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { gatewayAmount, roundForGateway, type CurrencyRule } from "../../gateway/currencies"

const ROUND_HALF_UP = 4

/** Exact two-decimal string of a Medusa amount (raw {value,precision}, BigNumber, string or number). */
export function toAmount(value: BigNumberInput | null | undefined): string {
  const n = MathBN.convert((value ?? 0) as BigNumberInput)
  if (!n.isFinite()) throw new MedusaError(MedusaError.Types.INVALID_DATA, "amount is not a finite number")
  return n.decimalPlaces(2, ROUND_HALF_UP).toFixed(2)
}

export function cents(amount: string): bigint {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount)
  if (!m) throw new MedusaError(MedusaError.Types.INVALID_DATA, `not a two-decimal amount: ${amount}`)
  const v = BigInt(m[2] + m[3])
  return m[1] ? -v : v
}

export function fromCents(c: bigint): string {
  const neg = c < 0n
  const s = (neg ? -c : c).toString().padStart(3, "0")
  return `${neg ? "-" : ""}${s.slice(0, -2)}.${s.slice(-2)}`
}

export function sameAmount(a: BigNumberInput, b: BigNumberInput): boolean {
  return toAmount(a) === toAmount(b)
}

/** Medusa's exact amount as a plain decimal string ("1098.9"), never rounded. */
export function exactDecimal(value: BigNumberInput | null | undefined): string {
  const n = MathBN.convert((value ?? 0) as BigNumberInput)
  if (!n.isFinite()) throw new MedusaError(MedusaError.Types.INVALID_DATA, "amount is not a finite number")
  return n.toFixed()
}

/**
 * How a `currency_rounding: "half_up"` session in a currency without two decimals rounds: its later
 * amounts are compared with the gateway's after the same rounding.
 */
export const AmountRounding = z.object({
  rule: z.literal("half_up"),
  /** Decimals the gateway's amounts of this payment carry (0 for JPY, 2 for KWD). */
  decimals: z.number().int().min(0).max(2),
  medusa_amount: z.string(),
})
export type AmountRounding = z.infer<typeof AmountRounding>

export interface SessionMoney {
  amount: string
  decimals: number
  amount_rounding?: AmountRounding
}

/** A new session's gateway amount, or a 400 naming an amount the gateway cannot carry (unless opted in). */
export function sessionMoney(value: BigNumberInput, currency: string, rule: CurrencyRule): SessionMoney {
  const exact = exactDecimal(value)
  const r = gatewayAmount(exact, currency, rule)
  if (!r.ok) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Payment refused: ${r.reason}.`)
  if (rule.currency_rounding !== "half_up" || r.digits === 2) return { amount: r.amount, decimals: r.decimals }
  return {
    amount: r.amount,
    decimals: r.decimals,
    amount_rounding: { rule: "half_up", decimals: r.decimals, medusa_amount: exact },
  }
}

/** A session amount of 0 or below is a 400 saying what to fix (exact, never a float). */
export function assertSessionAmount(value: BigNumberInput, currency: string): void {
  const exact = exactDecimal(value)
  if (MathBN.gt(exact, 0)) return
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Payment refused: the payment amount is ${exact} ${currency.toUpperCase()}; a payment session needs an amount ` +
      "above zero. Check the cart total (items, discounts, gift cards) and start the payment again.",
  )
}

/** sessionMoney, positive in Medusa and at the gateway too (0.004 EUR would go as 0.00). */
export function positiveSessionMoney(value: BigNumberInput, currency: string, rule: CurrencyRule): SessionMoney {
  assertSessionAmount(value, currency)
  const money = sessionMoney(value, currency, rule)
  if (cents(money.amount) > 0n) return money
  const code = currency.toUpperCase()
  const unit = money.decimals === 0 ? `the whole ${code}` : money.decimals === 1 ? "one decimal" : "the cent"
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Payment refused: ${exactDecimal(value)} ${code} is ${money.amount} ${code} at the gateway (to ${unit}); ` +
      "a payment session needs an amount above zero.",
  )
}

function roundingOf(data: unknown): AmountRounding | undefined {
  const raw = data && typeof data === "object" ? (data as Record<string, unknown>).amount_rounding : undefined
  const p = AmountRounding.safeParse(raw)
  return p.success ? p.data : undefined
}

/** A later amount as the gateway holds it, by the session's rounding; never throws (callers without provider options). */
export function sentAmount(value: BigNumberInput, data: unknown): string {
  const r = roundingOf(data)
  return r ? roundForGateway(exactDecimal(value), r.decimals) : toAmount(value)
}

/** A later amount for a gateway request: the session's rounding, else the provider's rule (may be a 400). */
export function paymentGatewayAmount(
  value: BigNumberInput,
  data: { currency: string } & Record<string, unknown>,
  rule: CurrencyRule,
): string {
  if (roundingOf(data)) return sentAmount(value, data)
  return sessionMoney(value, data.currency, rule).amount
}

export function sameSentAmount(gateway: BigNumberInput, medusa: BigNumberInput, data: unknown): boolean {
  return toAmount(gateway) === sentAmount(medusa, data)
}
