import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { logText } from "../../../../gateway/log-text"
import { disputeReadingOf, readDisputeNotice } from "../../../../lib/acquiring/disputes"
import { recordMatches } from "../../../../lib/acquiring/gateway-state"
import { mapOrderRecord } from "../../../../lib/acquiring/status"
import { RESEALED } from "../../../../lib/acquiring/books/seal"
import { confirmedOrder } from "../../../../lib/acquiring/webhook"
import { applyDisputeNotice, currentPayment, paymentOfSession } from "../../../../workflows/acquiring/notifications"
import { gatewayOfOrder } from "../../../../lib/acquiring/gateways"
import type { NotifyInput, NotifySession } from "./process"
import { loggerOf, SUCCESS, type NotifyReply } from "./replies"
import { verifiedNotice } from "./verify"

/** No dispute query exists: the order is confirmed first; an unconfirmed one needs captured money. */
export async function handleDisputeNotification(
  scope: MedusaContainer,
  session: NotifySession,
  input: NotifyInput,
  orderNo: string,
): Promise<NotifyReply> {
  const { client, options } = await gatewayOfOrder(scope, session.provider_id, orderNo)
  const n = verifiedNotice(client, input, "dispute", orderNo)
  const target = await paymentOfSession(scope, session.id)
  if (!target) return { status: 404, body: "no Medusa payment for this order yet" }
  const record = await confirmedOrder(client, n)
  if (!recordMatches(record, (await currentPayment(scope, target.payment_id)).acquiring)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "acquiring dispute notification: the gateway's order differs from the payment (amount/currency)",
    )
  }
  if (input.unconfirmed && mapOrderRecord(record, options.provider.status_map).status !== "captured")
    return { status: 401, body: RESEALED }
  const notice = {
    ...readDisputeNotice(n, disputeReadingOf(options.provider), String(n.transaction_id || orderNo), new Date()),
    unconfirmed: input.unconfirmed,
  }
  const logger = loggerOf(scope)
  for (const problem of notice.problems)
    logger?.warn(`acquiring: dispute notification for ${logText(orderNo, 60)}: ${logText(problem, 200)}`)
  const change = await applyDisputeNotice(scope, target, notice)
  const how = input.unconfirmed
    ? ", unconfirmed (the payment notification's signature; check the gateway's portal)"
    : ""
  logger?.[input.unconfirmed ? "warn" : "info"](
    `acquiring: dispute ${logText(change.dispute.id, 60)} of ${logText(orderNo, 60)} is ${change.dispute.status}${how}${change.changed ? "" : " (already recorded)"}`,
  )
  return SUCCESS
}
