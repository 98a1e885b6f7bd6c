import { assertSafeKeys, decodeForm } from "../codecs"
import type { ClientContext } from "../context"
import { GatewayBadResponseError, GatewaySignatureError } from "../errors"
import { Notification, notificationFieldName, signedFieldFormats, signedFieldProblem } from "../schemas"
import type { NotificationRow } from "../schemas/notification"
import { verify } from "../signing"
import { validateResponse } from "../validate"

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "string" || typeof b === "string" || typeof a === "number" || typeof b === "number")
    return String(a) === String(b)
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Legacy names become ours; one field named both ways with different values is refused, never guessed. */
export function canonicalNotification(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    const name = notificationFieldName(key)
    if (name === key && Object.hasOwn(out, key)) continue // its legacy twin came first and was checked
    if (name !== key && Object.hasOwn(raw, name) && !sameValue(raw[name], value)) {
      throw new GatewayBadResponseError(
        `notification: ${key} and ${name} name the same field with different values; send one of them`,
        { source: name, operation: "notification" },
      )
    }
    out[name] = value
  }
  return out
}

/** A signature rule written in either naming, as our names (the values are the same). */
export function canonicalSignFields(fields: readonly string[]): string[] {
  return fields.map((f) => notificationFieldName(f))
}

/**
 * Inbound notification to notify_url (gateway-interface.md §6; shape and signature inferred, see
 * the assumptions), in the interface's names or the engine's legacy ones (NOTIFICATION_ALIASES).
 * `row` is the hook it arrived on (orders or payouts), never the body's unsigned notify_type.
 * Every field the row signs must be present, non-empty and in its own format before the signature
 * counts (the notification formats); then it is verified with the sign key of the account the
 * body names, over the values as received, hex in either case. A verified notification is still only
 * a hint: confirm with retrieveTransactions.
 */
export function parseNotificationOperation(ctx: ClientContext) {
  const rows: Record<NotificationRow, string[]> = {
    order: canonicalSignFields(ctx.options.notification_signature_fields),
    payout: canonicalSignFields(ctx.options.payout_notification_signature_fields),
  }
  const formats = signedFieldFormats(ctx.options.notification_formats, {
    merchant_id: ctx.options.merchant_id,
    account_ids: ctx.accounts.list().map((a) => a.account_id),
  })
  return function parseNotification(
    body: string | Record<string, unknown>,
    row: NotificationRow = "order",
  ): Notification {
    // An object was parsed upstream (Medusa's JSON parser keeps a "__proto__" key): same rule as the codecs.
    const decoded = typeof body === "string" ? decodeForm(body) : assertSafeKeys(body, "notification body")
    if (!decoded || typeof decoded !== "object" || Array.isArray(decoded)) {
      throw new GatewayBadResponseError("notification: expected a form-urlencoded body or an object", {
        source: "body",
        operation: "notification",
      })
    }
    const raw = canonicalNotification(decoded)
    const note = validateResponse(Notification, raw, "notification")
    const fail = (source: string, why: string) =>
      new GatewaySignatureError(`notification: ${why}`, { source, operation: "notification" })

    if (note.merchant_id !== ctx.options.merchant_id) throw fail("merchant_id", "merchant_id is not this merchant's")
    const account = ctx.accounts.byId(note.account_id)
    if (!account) throw fail("account_id", `account_id ${note.account_id} is not a configured account`)
    for (const field of rows[row]) {
      const problem = signedFieldProblem(formats, field, raw[field])
      if (problem) throw fail(field, `signed field ${field} ${problem}`)
    }
    const received = raw.encryption_data
    if (received === undefined || received === "") {
      if (ctx.options.require_notification_signature)
        throw fail("encryption_data", "encryption_data is missing (require_notification_signature)")
      return note
    }
    if (!verify(raw, rows[row], account.sign_key, received)) {
      throw fail("encryption_data", `encryption_data does not match the ${row} notification's signature rule`)
    }
    return note
  }
}
