import { assertSafeKeys, decodeForm } from "../codecs"
import type { ClientContext } from "../context"
import { GatewayBadResponseError, GatewaySignatureError } from "../errors"
import { Notification } from "../schemas"
import { verify } from "../signing"
import { validateResponse } from "../validate"

/**
 * Inbound notification to notify_url (gateway-interface.md §6; shape and signature inferred, see
 * docs/assumptions.md). Verified with the sign key of the account the body names.
 * A verified notification is still only a hint: confirm with retrieveTransactions.
 */
export function parseNotificationOperation(ctx: ClientContext) {
  return function parseNotification(body: string | Record<string, unknown>): Notification {
    // An object was parsed upstream (Medusa's JSON parser keeps a "__proto__" key): same rule as the codecs.
    const raw = typeof body === "string" ? decodeForm(body) : assertSafeKeys(body, "notification body")
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
      throw new GatewayBadResponseError("notification: expected a form-urlencoded body or an object", {
        source: "body",
        operation: "notification",
      })
    }
    const note = validateResponse(Notification, raw, "notification")
    const fail = (source: string, why: string) =>
      new GatewaySignatureError(`notification: ${why}`, { source, operation: "notification" })

    if (note.merchant_id !== ctx.options.merchant_id) throw fail("merchant_id", "merchant_id is not this merchant's")
    const account = ctx.accounts.byId(note.account_id)
    if (!account) throw fail("account_id", `account_id ${note.account_id} is not a configured account`)
    const received = raw.encryption_data
    if (received === undefined || received === "") {
      if (ctx.options.require_notification_signature)
        throw fail("encryption_data", "encryption_data is missing (require_notification_signature)")
      return note
    }
    if (!verify(raw, ctx.options.notification_signature_fields, account.sign_key, received)) {
      throw fail(
        "encryption_data",
        "encryption_data does not match notification_signature_fields (tampered, or another key)",
      )
    }
    return note
  }
}
