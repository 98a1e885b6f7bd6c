import type { MedusaContainer } from "@medusajs/framework/types"
import { decodeForm } from "../../../../gateway/codecs/form"
import { isGatewayError } from "../../../../gateway/errors"
import { logText } from "../../../../gateway/log-text"
import { PAYOUT_MODULE } from "../../../../modules/payout"
import type PayoutModuleService from "../../../../modules/payout/service"
import { checkNotificationMatches, updateFromNotification } from "../../../../modules/payout/lib/gateway-update"
import { applyPayoutUpdate } from "../../../../modules/payout/lib/apply-update"
import { RESEALED, sealedDelivery } from "../../../../lib/acquiring/books/seal"
import { payoutSettings } from "../../../../lib/acquiring/settings/payout"
import { loggerOf, SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"

function hasNotifyType(body: string | Record<string, unknown>): boolean {
  return typeof body === "string" ? /(^|&)notify_type=/.test(body) : Object.hasOwn(body, "notify_type")
}

/** Applied idempotently by request_id; bodies are never logged. */
export async function handlePayoutNotification(
  scope: MedusaContainer,
  body: string | Record<string, unknown>,
  digest?: string,
): Promise<NotifyReply> {
  const logger = loggerOf(scope)
  const payouts = scope.resolve<PayoutModuleService>(PAYOUT_MODULE)
  // Sent with the admin's newest saved credentials when payouts pay through the provider: verified with them too.
  const saved = payouts.paysThroughProvider() ? await payoutSettings(scope, payouts.settingsEntryId(), true) : {}
  let note
  try {
    note = payouts.parseNotification(body, saved.client)
  } catch (e) {
    if (!isGatewayError(e)) throw e
    logger?.warn(`acquiring payout notification refused: ${logText(e.message, 300)}`)
    return { status: e.kind === "signature" ? 401 : 400, body: e.message }
  }
  // A verified signature binds its delivery (seal.ts): the same signature with other fields is refused.
  if (!(await sealedDelivery(scope, typeof body === "string" ? decodeForm(body) : body, "payout", digest)))
    return { status: 401, body: RESEALED }
  const declared = (note as Record<string, unknown>).notify_type
  if (!note.request_id || (declared !== undefined && declared !== "payout" && hasNotifyType(body))) {
    return { status: 400, body: "not a payout notification: notify_type must be payout and request_id set" }
  }
  const { amount_unit: unit, minor_unit_digits: digits, check_notification_fields } = payouts.payoutOptions()
  let mismatch: string | null = null
  const result = await applyPayoutUpdate(scope, note.request_id, (payout) => {
    mismatch = checkNotificationMatches(payout, note, check_notification_fields)
    return mismatch ? null : updateFromNotification(note, { payment_currency: payout.payment_currency, unit, digits })
  })
  if (mismatch) {
    logger?.warn(`acquiring payout notification for ${logText(note.request_id)} refused: ${logText(mismatch, 300)}`)
    return { status: 409, body: mismatch }
  }
  if (!result.payout) {
    // Not one of ours (records exist before the gateway is called): acknowledge, nothing to do.
    logger?.warn(`acquiring payout notification for unknown request_id ${logText(note.request_id)}; acknowledged`)
    return SUCCESS
  }
  return result.changed ? { ...SUCCESS, changed: `payout ${note.request_id} updated` } : SUCCESS
}
