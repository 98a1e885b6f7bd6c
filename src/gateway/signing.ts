import { createHash, timingSafeEqual } from "node:crypto"
import { GatewaySignatureError } from "./errors"

/** SHA-256 of the values concatenated, spaces stripped, sign_key last, lower-case hex (the spec §5.4, confirmed). */

/** They break the gateway's own signature check (the spec §5.4, confirmed). */
const FORBIDDEN = /[&<>"']/

/** `a.b` or `arr[].field` (every element, in order). */
export function signedValues(payload: Record<string, unknown>, path: string): Array<[string, string]> {
  const arr = path.match(/^([^[]+)\[\]\.(.+)$/)
  if (arr) {
    const list = payload[arr[1]]
    if (!Array.isArray(list)) return []
    return list.flatMap((entry, i) =>
      signedValues((entry ?? {}) as Record<string, unknown>, arr[2]).map(
        ([p, v]) => [`${arr[1]}[${i}].${p}`, v] as [string, string],
      ),
    )
  }
  const value = path
    .split(".")
    .reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), payload)
  return [[path, value === undefined || value === null ? "" : String(value)]]
}

/** The string that is hashed, checked for characters the gateway cannot sign. */
export function signatureBase(payload: Record<string, unknown>, fields: readonly string[], signKey: string): string {
  let base = ""
  for (const field of fields) {
    for (const [path, value] of signedValues(payload, field)) {
      if (FORBIDDEN.test(value)) {
        throw new GatewaySignatureError(
          `${path} contains one of & < > " ' which the gateway's signature check cannot handle; remove them`,
          { source: path },
        )
      }
      base += value.replace(/\s+/g, "")
    }
  }
  return base + signKey
}

export function sign(payload: Record<string, unknown>, fields: readonly string[], signKey: string): string {
  return createHash("sha256")
    .update(signatureBase(payload, fields, signKey), "utf8")
    .digest("hex")
}

export function signaturesEqual(expected: string, received: unknown): boolean {
  if (typeof received !== "string" || !/^[0-9a-fA-F]{64}$/.test(received)) return false
  const a = Buffer.from(expected.toLowerCase(), "utf8")
  const b = Buffer.from(received.toLowerCase(), "utf8")
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Unsigned fields make no difference; never throws on mismatch. */
export function verify(
  payload: Record<string, unknown>,
  fields: readonly string[],
  signKey: string,
  received: unknown,
): boolean {
  let expected: string
  try {
    expected = sign(payload, fields, signKey)
  } catch {
    return false
  }
  return signaturesEqual(expected, received)
}
