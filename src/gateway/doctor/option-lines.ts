import type { GatewayClientOptions } from "../options"
import { GATEWAY_PROFILES, GatewayProfileFields } from "../profile"
import type { Fix } from "./variants"

const literal = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(literal).join(", ")}]`
    : value && typeof value === "object"
      ? `{ ${Object.entries(value)
          .map(([k, v]) => `${k}: ${literal(v)}`)
          .join(", ")} }`
      : JSON.stringify(value)

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Of an object field only the entries that differ. */
function overrides(options: GatewayClientOptions): Record<string, unknown> {
  const preset = GATEWAY_PROFILES[options.gateway_profile] as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const field of Object.keys(GatewayProfileFields.shape)) {
    const value = (options as Record<string, unknown>)[field]
    const base = preset[field]
    if (same(value, base)) continue
    const isObject = value && typeof value === "object" && !Array.isArray(value)
    out[field] = isObject
      ? Object.fromEntries(
          Object.entries(value).filter(([k, v]) => !same(v, (base as Record<string, unknown> | undefined)?.[k])),
        )
      : value
  }
  return out
}

/** The whole profile as configured with the found encodings and rows over it, so the line replaces the merchant's own. */
export function optionLines(options: GatewayClientOptions, fix: Fix): string[] {
  if (!Object.keys(fix.encodings).length && !Object.keys(fix.signature_fields).length) return []
  const profile: Record<string, unknown> = { extends: options.gateway_profile, ...overrides(options) }
  for (const key of ["encodings", "signature_fields"] as const) {
    if (Object.keys(fix[key]).length) profile[key] = { ...(profile[key] as object), ...fix[key] }
  }
  return [`gateway_profile: ${literal(profile)},`]
}
