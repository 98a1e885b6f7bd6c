import { logger } from "@medusajs/framework/logger"
import type { z } from "zod"
import {
  CLIENT_OLD_INTERNAL_KEYS,
  CLIENT_PROFILE_KEYS,
  internalPlace,
  profilePlace,
  readOldKeys,
  warnDeprecated,
} from "../../gateway/deprecated-options"
import {
  CLIENT_INTERNAL_KEYS,
  InternalsError,
  internals,
  type InternalKey,
  type Internals,
} from "../../gateway/internals"
import { ClientConnection } from "../../gateway/options"
import { GatewayProfileFields } from "../../gateway/profile"
import { resolveProfile } from "../../gateway/profile-input"
import { SESSION_ORDER_NO_PATTERN } from "./order-no"

/** A provider's options split into the merchant's, the gateway profile and internals; an old key warns once. */

/** Old provider keys that are fields of the profile now (the gateway's facts and its readings). */
const PROVIDER_PROFILE_KEYS = [
  "status_map",
  "decline_reasons",
  "dispute_fields",
  "dispute_status_map",
  "currency_digits",
  "capture_window_days",
  "hosted_page_ttl_s",
] as const

const PROVIDER_INTERNAL_KEYS = [
  "notify_path",
  "platform_source",
  "snapshot_secret",
  "snapshot_max_age_s",
  "session_html",
  "page_in_session_data",
  "reconcile_lookback_days",
  "unplaceable_grace_minutes",
] as const satisfies readonly InternalKey[]

const SAVED_CARD_FIELD_KEYS = ["token_field", "card_fields"] as const

export const PROFILE_OPTION_KEYS: readonly string[] = [...CLIENT_PROFILE_KEYS, ...PROVIDER_PROFILE_KEYS]
export const INTERNAL_OPTION_KEYS: readonly string[] = [...CLIENT_OLD_INTERNAL_KEYS, ...PROVIDER_INTERNAL_KEYS]

export interface SplitOptions {
  own: Record<string, unknown>
  clientInput: Record<string, unknown>
}

type Invalid = (key: string, message: string) => never
const warn = (message: string) => logger.warn(message)

function readOld(input: Record<string, unknown>) {
  const scope = "provider option"
  const profile = readOldKeys(input, PROFILE_OPTION_KEYS, scope, profilePlace, warn)
  const saved = input.saved_cards as Record<string, unknown> | undefined
  if (saved && typeof saved === "object") {
    const fields = Object.fromEntries(SAVED_CARD_FIELD_KEYS.flatMap((k) => (k in saved ? [[k, saved[k]]] : [])))
    for (const k of Object.keys(fields))
      warnDeprecated(scope, `saved_cards.${k}`, profilePlace(`saved_card_fields.${k}`), warn)
    if (Object.keys(fields).length) profile.saved_card_fields = fields
  }
  const inner = readOldKeys(input, INTERNAL_OPTION_KEYS, scope, (k) => internalPlace(k as InternalKey | "fetch"), warn)
  return { profile, inner }
}

/** Whether the merchant wrote a format of order_no anywhere (else the provider's own numbers are required). */
function wroteOrderNoFormat(input: Record<string, unknown>): boolean {
  const of = (v: unknown) => !!v && typeof v === "object" && (v as { order_no?: unknown }).order_no !== undefined
  const written = input.gateway_profile
  return (
    of(input.notification_formats) ||
    (!!written && typeof written === "object" && of((written as Record<string, unknown>).notification_formats))
  )
}

/** Splits and resolves; throws through `invalid`, naming the key. */
export function splitProviderOptions(
  input: Record<string, unknown>,
  readings: z.ZodObject,
  isOwn: (key: string) => boolean,
  invalid: Invalid,
): SplitOptions {
  const old = readOld(input)
  const own: Record<string, unknown> = {}
  const connection: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(input)) {
    if (k === "gateway_profile" || PROFILE_OPTION_KEYS.includes(k) || INTERNAL_OPTION_KEYS.includes(k)) continue
    if (k in ClientConnection.shape) connection[k] = v
    else if (isOwn(k)) own[k] = v
    else invalid(k, "unknown option (check the spelling)")
  }
  const resolved = resolveProfile(input.gateway_profile, old.profile, readings)
  if (!resolved.ok) return invalid(resolved.path, resolved.message)
  const profile = resolved.profile as Record<string, unknown>
  if (!wroteOrderNoFormat(input))
    profile.notification_formats = { ...(profile.notification_formats as object), order_no: SESSION_ORDER_NO_PATTERN }

  const { fetch, ...oldInner } = old.inner
  let inner: Internals
  try {
    inner = internals(oldInner)
  } catch (e) {
    if (e instanceof InternalsError) return invalid(e.source, e.message)
    throw e
  }
  for (const key of [...PROVIDER_PROFILE_KEYS, ...Object.keys(readings.shape)]) own[key] = profile[key]
  for (const key of PROVIDER_INTERNAL_KEYS) own[key] = inner[key]
  const saved = input.saved_cards
  // Not an object: left as written, for the provider's schema to refuse by name.
  own.saved_cards =
    saved !== undefined && (typeof saved !== "object" || saved === null)
      ? saved
      : { ...(saved as object | undefined), ...(profile.saved_card_fields as object) }
  delete own.saved_card_fields

  const gatewayProfile = Object.fromEntries(
    ["extends", ...Object.keys(GatewayProfileFields.shape)].map((k) => [k, profile[k]]),
  )
  const clientInternals = Object.fromEntries(CLIENT_INTERNAL_KEYS.map((k) => [k, inner[k]]))
  return {
    own,
    clientInput: {
      ...connection,
      gateway_profile: gatewayProfile,
      internals: { ...clientInternals, ...(fetch === undefined ? {} : { fetch }) },
    },
  }
}
