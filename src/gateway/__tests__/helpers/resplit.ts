import { signedFieldProblem, type FieldFormats } from "../../schemas/notification-formats"

/**
 * The re-split search of the signature property test: can `joined` (a signed row's values as the
 * gateway hashes them: spaces removed, nothing between them) be cut into one value per field of
 * `row` such that every value passes that field's format? Depth-first over cut points, memoised
 * on (field, position); a field is tried only up to its longest legal value.
 */
export type Formats = FieldFormats

/** Longest legal value per field (the last field of a row takes the rest). */
const MAX_LENGTH: Record<string, number> = {
  merchant_id: 7,
  account_id: 10,
  transaction_id: 64,
  order_no: 50,
  currency: 3,
  amount: 15,
  order_status: 2,
  request_id: 36,
}

/**
 * Characters each format admits (read off the patterns in schemas/common.ts; for merchant_id and
 * account_id, the test's ids): a value that holds any other cannot match, nor can any longer one
 * from the same start, so the search stops extending it.
 */
const CHARS: Record<string, RegExp> = {
  merchant_id: /[0-9A-Za-z]/,
  account_id: /[0-9A-Za-z]/,
  transaction_id: /[0-9A-Za-z_-]/,
  order_no: /[0-9A-Za-z]/,
  currency: /[A-Z]/,
  amount: /[0-9.]/,
  order_status: /[-0-9]/,
  request_id: /[0-9a-fA-F-]/,
}

/**
 * Every split of `joined` into `row` that passes `formats` (at most `limit`), as lists of values.
 * `unbounded`: fields whose format a test removed, so their length is not capped either.
 */
export function resplits(
  joined: string,
  row: readonly string[],
  formats: Formats,
  { limit = 4, unbounded = [] as readonly string[] } = {},
): string[][] {
  const found: string[][] = []
  const dead = new Set<string>()
  const walk = (field: number, pos: number, taken: string[]): boolean => {
    if (found.length >= limit) return true
    const key = `${field}:${pos}`
    if (dead.has(key)) return false
    const name = row[field]
    const last = field === row.length - 1
    let any = false
    const cap = unbounded.includes(name) ? undefined : MAX_LENGTH[name]
    const longest = last ? joined.length - pos : Math.min(cap ?? joined.length, joined.length - pos)
    const chars = unbounded.includes(name) ? undefined : CHARS[name]
    for (let len = last ? longest : 1; len <= longest; len++) {
      if (!last && chars && !chars.test(joined[pos + len - 1])) break
      const value = joined.slice(pos, pos + len)
      if (signedFieldProblem(formats, name, value)) continue
      if (last) {
        found.push([...taken, value])
        any = true
      } else if (walk(field + 1, pos + len, [...taken, value])) any = true
      if (found.length >= limit) return true
    }
    if (!any) dead.add(key)
    return any
  }
  if (joined.length) walk(0, 0, [])
  return found
}

/** A row's values as the signature joins them (gateway-interface.md §5.4: spaces removed). */
export const joinedValues = (values: readonly string[]) => values.map((v) => v.replace(/\s+/g, "")).join("")
