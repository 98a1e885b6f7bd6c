import type { GatewayProfileFields } from "./profile"
import { CLIENT_INTERNAL_KEYS, type InternalKey } from "./internals"

/** Option keys from before the gateway profile, still read; one deprecation warning per key and process. */
export const CLIENT_PROFILE_KEYS = [
  "encodings",
  "xml_request_root",
  "signature_fields",
  "response_signature_fields",
  "batch_limits",
  "selection_fields",
  "hosted_page_origins",
  "notification_signature_fields",
  "payout_notification_signature_fields",
  "notification_formats",
  "require_notification_signature",
] as const satisfies ReadonlyArray<keyof GatewayProfileFields>

/** Its transport constants, and `fetch` (now `internals.fetch`). */
export const CLIENT_OLD_INTERNAL_KEYS = [...CLIENT_INTERNAL_KEYS, "fetch"] as const

export const profilePlace = (field: string) => `gateway_profile.${field}`
export const internalPlace = (key: InternalKey | "fetch") =>
  key === "fetch"
    ? "the client's internals.fetch (tests and embedding only)"
    : `the constant INTERNALS.${key} (tests: ACQUIRING_TEST_INTERNALS)`

const warned = new Set<string>()

/** The deprecation message of an old key, logged once per process through `warn`. */
export function warnDeprecated(scope: string, key: string, now: string, warn: (message: string) => void): void {
  const id = `${scope}:${key}`
  if (warned.has(id)) return
  warned.add(id)
  warn(`acquiring: ${scope} ${key} is deprecated and will be removed: it is now ${now} (read from ${key} meanwhile)`)
}

/** The old keys present in `input`, each warned about once as `scope` (e.g. "provider option"). */
export function readOldKeys(
  input: Record<string, unknown>,
  keys: readonly string[],
  scope: string,
  placeOf: (key: string) => string,
  warn: (message: string) => void,
): Record<string, unknown> {
  const found: Record<string, unknown> = {}
  for (const key of keys) {
    if (input[key] === undefined) continue
    warnDeprecated(scope, key, placeOf(key), warn)
    found[key] = input[key]
  }
  return found
}

/** Forgets the warnings given (unit tests of the warnings). */
export const resetDeprecationWarnings = () => warned.clear()

/** Node's own channel for deprecations; the Medusa layers pass their logger instead. */
export const emitDeprecation = (message: string) =>
  process.emitWarning(message, { type: "DeprecationWarning", code: "ACQUIRING_DEPRECATED_OPTION" })
