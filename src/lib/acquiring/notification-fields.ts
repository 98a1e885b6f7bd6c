import {
  NOTIFICATION_SIGN_FIELDS,
  PAYOUT_NOTIFICATION_SIGN_FIELDS,
  notificationFieldName,
} from "../../gateway/schemas/notification"

/** Fields that carry card data by name (the engine's and ours): never stored, never shown. */
const CARD_FIELD = /card|pan$|^pan|cvv|cvc|expir|track|pin$/i
/** A run of 13–19 digits anywhere is taken for a card number, whatever field carries it. */
const PAN_RUN = /\d{13,19}/g

const maskRun = (run: string) => `${"*".repeat(run.length - 4)}${run.slice(-4)}`
/** Signed fields stay as they came (a transaction id may be a long run of digits): processing again verifies them. */
const SIGNED = new Set<string>([...NOTIFICATION_SIGN_FIELDS, ...PAYOUT_NOTIFICATION_SIGN_FIELDS, "encryption_data"])

/**
 * A received notification's fields as the books keep them: card data masked (all but the last
 * four digits), everything else as it came, in an object without a prototype. What the
 * gateway signs is never a card field, so a masked copy still verifies when processed again.
 */
export function storedNotificationFields(body: unknown): Record<string, string> {
  // No prototype: a key named __proto__ is stored as the field it is, never as the object's prototype.
  const out = Object.create(null) as Record<string, string>
  if (!body || typeof body !== "object" || Array.isArray(body)) return out
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const text = typeof value === "string" ? value : JSON.stringify(value ?? null)
    if (SIGNED.has(notificationFieldName(key))) out[key] = text
    else out[key] = CARD_FIELD.test(key) ? text.replace(/\d(?=\d{4})/g, "*") : text.replace(PAN_RUN, maskRun)
  }
  return out
}

/** legacy when any field comes under the engine's old names (merNo, orderNo, …), else current. */
export function notificationDialect(body: unknown): "legacy" | "current" {
  if (!body || typeof body !== "object") return "current"
  return Object.keys(body).some((k) => notificationFieldName(k) !== k) ? "legacy" : "current"
}
