import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"

const ROUND_HALF_UP = 4

/** Exact two-decimal string of a Medusa amount (raw {value,precision}, BigNumber, string or number). */
export function toAmount(value: BigNumberInput | null | undefined): string {
  const n = MathBN.convert((value ?? 0) as BigNumberInput)
  if (!n.isFinite()) throw new Error("amount is not a finite number")
  return n.decimalPlaces(2, ROUND_HALF_UP).toFixed(2)
}

/** Integer cents of a two-decimal string ("12.50" → 1250n). */
export function cents(amount: string): bigint {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount)
  if (!m) throw new Error(`not a two-decimal amount: ${amount}`)
  const v = BigInt(m[2] + m[3])
  return m[1] ? -v : v
}

/** Two-decimal string of integer cents. */
export function fromCents(c: bigint): string {
  const neg = c < 0n
  const s = (neg ? -c : c).toString().padStart(3, "0")
  return `${neg ? "-" : ""}${s.slice(0, -2)}.${s.slice(-2)}`
}

/** Equal to the cent, after rounding both sides to two decimals. */
export function sameAmount(a: BigNumberInput, b: BigNumberInput): boolean {
  return toAmount(a) === toAmount(b)
}
