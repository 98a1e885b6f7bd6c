import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isGatewayError } from "../../../../gateway/errors"
import { logText } from "../../../../gateway/log-text"
import { PAYOUT_MODULE } from "../../../../modules/payout"
import type PayoutModuleService from "../../../../modules/payout/service"
import { checkNotificationMatches, updateFromNotification } from "../../../../modules/payout/lib/gateway-update"
import { applyPayoutUpdate } from "../../../../workflows/payouts/apply-payout-update"
import { acknowledge, refuse } from "../answers"

/** The body as sent: the raw text when kept (form-urlencoded), else the parsed object. */
function notificationBody(req: MedusaRequest): string | Record<string, unknown> {
  const body = req.body
  if (body && typeof body === "object" && Object.keys(body).length) return body as Record<string, unknown>
  const raw = (req as { rawBody?: Buffer | string }).rawBody
  return raw ? raw.toString() : {}
}

/**
 * POST /hooks/acquiring/payout: payout notifications (notify_url). Verified by the gateway
 * client, applied idempotently by request_id (a final status never changes), answered with
 * `success` as the engine's own plugins do. Bodies are never logged.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const payouts = req.scope.resolve<PayoutModuleService>(PAYOUT_MODULE)
  let note
  try {
    note = payouts.parseNotification(notificationBody(req))
  } catch (e) {
    if (!isGatewayError(e)) throw e
    logger.warn(`acquiring payout notification refused: ${logText(e.message, 300)}`)
    refuse(res, e.kind === "signature" ? 401 : 400, e.message)
    return
  }
  const declared = (note as Record<string, unknown>).notify_type
  if (!note.request_id || (declared !== undefined && declared !== "payout" && hasNotifyType(req))) {
    refuse(res, 400, "not a payout notification: notify_type must be payout and request_id set")
    return
  }
  const { amount_unit: unit, minor_unit_digits: digits, check_notification_fields } = payouts.payoutOptions()
  let mismatch: string | null = null
  const result = await applyPayoutUpdate(req.scope, note.request_id, (payout) => {
    mismatch = checkNotificationMatches(payout, note, check_notification_fields)
    return mismatch ? null : updateFromNotification(note, { payment_currency: payout.payment_currency, unit, digits })
  })
  if (mismatch) {
    logger.warn(`acquiring payout notification for ${logText(note.request_id)} refused: ${logText(mismatch, 300)}`)
    refuse(res, 409, mismatch)
    return
  }
  if (!result.payout) {
    // Not one of ours (records exist before the gateway is called): acknowledge, nothing to do.
    logger.warn(`acquiring payout notification for unknown request_id ${logText(note.request_id)}; acknowledged`)
  }
  acknowledge(res)
}

/** notify_type defaults to "payment" when absent; only an explicit other kind is refused. */
function hasNotifyType(req: MedusaRequest): boolean {
  const body = notificationBody(req)
  return typeof body === "string" ? /(^|&)notify_type=/.test(body) : Object.hasOwn(body, "notify_type")
}
