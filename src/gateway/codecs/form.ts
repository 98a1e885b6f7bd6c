import { parse } from "qs"
import { GatewayBodyRefusedError } from "../errors"
import { assertSafeFormKey } from "./safe-keys"

/** Bracket notation for nested values (`a[0][b]=…`), as the engine's PHP plugins; flat payloads as URLSearchParams. */
type Json = string | number | boolean | null | Json[] | { [k: string]: Json }

export function flattenForm(value: unknown, prefix = "", out: Array<[string, string]> = []): Array<[string, string]> {
  if (value === undefined) return out
  if (Array.isArray(value)) {
    value.forEach((v, i) => flattenForm(v, `${prefix}[${i}]`, out))
  } else if (value !== null && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) flattenForm(v, prefix ? `${prefix}[${key}]` : key, out)
  } else {
    out.push([prefix, value === null ? "" : String(value)])
  }
  return out
}

export function encodeForm(payload: Record<string, unknown>): string {
  return new URLSearchParams(flattenForm(payload)).toString()
}

/**
 * qs with every limit throwing (no silent truncation, no long list turned into an object),
 * brackets only (a dot stays part of a name, as before), repeated keys keeping the last.
 * Each key is checked as qs decodes it, so the rule sees exactly the key qs goes on to split.
 */
const FORM_OPTIONS = {
  allowDots: false,
  allowPrototypes: false,
  depth: 8, // cart_items[0][basic_item_data][name] is 3
  strictDepth: true,
  arrayLimit: 1000, // indexes 0–999: cart lines, batch entries (≤ 101)
  parameterLimit: 5000,
  throwOnLimitExceeded: true,
  duplicates: "last",
  decoder: (text: string, decode: (s: string) => string, _charset: string, type: "key" | "value") =>
    type === "key" ? assertSafeFormKey(decode(text)) : decode(text),
} as const

/** Decode into nested objects; numeric bracket keys make arrays. Repeated plain keys keep the last. */
export function decodeForm(body: string): Record<string, Json> {
  try {
    return parse(body, FORM_OPTIONS) as Record<string, Json>
  } catch (err) {
    // qs reports its limits as RangeError.
    if (err instanceof RangeError)
      throw new GatewayBodyRefusedError(`form body refused: ${err.message}`, {
        code: "BODY_LIMIT",
        source: "body",
        cause: err,
      })
    throw err
  }
}
