/**
 * Exact money: amounts travel as "12.50" strings and are held as integer minor
 * units (Amount allows at most 12 integer digits, so a JS integer is exact).
 */
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
