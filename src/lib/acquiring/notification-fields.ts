import { createHash } from "node:crypto"
import type { ConfigModule } from "@medusajs/framework/types"
import {
  NOTIFICATION_SIGN_FIELDS,
  PAYOUT_NOTIFICATION_SIGN_FIELDS,
  notificationFieldName,
} from "../../gateway/schemas/notification"
import { acquiringProviderConfigs } from "./config"

/** What the books keep of a delivery: card numbers to the last four, secrets never, control characters escaped. */

const CARD_FIELD = /card|pan$|^pan|track|pin$/i
const SECRET_FIELD =
  /^(encryption_data|token|token_id|payment_token|paymentToken)$|expir|^exp_?(month|year|date)$|cvv|cvc/i
/** A run of 13–19 digits anywhere is taken for a card number, whatever field carries it. */
const PAN_RUN = /\d{13,19}/g
export const MASKED = "[masked]"

/** A refused delivery keeps at most this many characters of fields (names and values), one value at most VALUE_MAX. */
export const REFUSED_FIELDS_BUDGET = 768
const VALUE_MAX = 256
const KEY_MAX = 64
export const CUT_FIELD = "…"

const maskRun = (run: string) => `${"*".repeat(run.length - 4)}${run.slice(-4)}`
/** Signed fields stay as they came (a transaction id may be a long run of digits): processing again verifies them. */
const SIGNED = new Set<string>([...NOTIFICATION_SIGN_FIELDS, ...PAYOUT_NOTIFICATION_SIGN_FIELDS])
const FIRST = new Set<string>([...SIGNED, "notify_type", "status", "request_id"])

/** Control characters as `\uXXXX`: PostgreSQL refuses NUL, and a stored field must show what came. */
export const escapeControls = (text: string) =>
  text.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value ?? null))

export interface FieldRules {
  secretFields?: ReadonlySet<string>
}

export function configuredSecretFields(config: ConfigModule): Set<string> {
  return new Set(
    acquiringProviderConfigs(config).flatMap((c) => [
      c.options.provider.saved_cards.token_field,
      c.options.provider.saved_cards.card_fields.expiry,
    ]),
  )
}

export function maskedValue(key: string, text: string, rules: FieldRules = {}): string {
  const name = notificationFieldName(key)
  if (SECRET_FIELD.test(name) || rules.secretFields?.has(key) || rules.secretFields?.has(name)) return MASKED
  if (SIGNED.has(name)) return text
  return CARD_FIELD.test(key) ? text.replace(/\d(?=\d{4})/g, "*") : text.replace(PAN_RUN, maskRun)
}

/** A notification's fields as stored and shown; idempotent, so old rows are shown through it too. */
export function storedNotificationFields(body: unknown, rules: FieldRules = {}): Record<string, string> {
  // No prototype: a key named __proto__ is stored as the field it is, never as the object's prototype.
  const out = Object.create(null) as Record<string, string>
  if (!body || typeof body !== "object" || Array.isArray(body)) return out
  for (const [key, value] of Object.entries(body as Record<string, unknown>))
    out[escapeControls(key)] = escapeControls(maskedValue(key, asText(value), rules))
  return out
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…[+${text.length - max}]` : text)

/** A refused delivery's fields within REFUSED_FIELDS_BUDGET, key fields first, one CUT_FIELD noting the cut. */
export function compactFields(fields: Record<string, string>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>
  const entries = Object.entries(fields).sort(
    ([a], [b]) => Number(FIRST.has(notificationFieldName(b))) - Number(FIRST.has(notificationFieldName(a))),
  )
  let used = 0
  let dropped = 0
  let droppedChars = 0
  for (const [key, value] of entries) {
    const k = cut(key, KEY_MAX)
    const v = cut(value, VALUE_MAX)
    if (used + k.length + v.length > REFUSED_FIELDS_BUDGET) {
      dropped++
      droppedChars += key.length + value.length
      continue
    }
    used += k.length + v.length
    out[k] = v
  }
  if (dropped) out[CUT_FIELD] = `${dropped} more fields (${droppedChars} characters) not kept`
  return out
}

/** Every field, sorted, as received: a genuine retry repeats its body, so repeats its digest. */
export function deliveryDigest(body: unknown): string {
  const pairs =
    body && typeof body === "object" && !Array.isArray(body)
      ? Object.entries(body as Record<string, unknown>).map(([k, v]) => [notificationFieldName(k), asText(v)])
      : []
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return createHash("sha256").update(JSON.stringify(pairs)).digest("hex")
}

export function signatureOf(body: unknown): string {
  if (!body || typeof body !== "object" || Array.isArray(body)) return ""
  for (const [k, v] of Object.entries(body as Record<string, unknown>))
    if (notificationFieldName(k) === "encryption_data" && typeof v === "string") return v
  return ""
}

export function notificationDialect(body: unknown): "legacy" | "current" {
  if (!body || typeof body !== "object") return "current"
  return Object.keys(body).some((k) => notificationFieldName(k) !== k) ? "legacy" : "current"
}
