import type { MedusaContainer } from "@medusajs/framework/types"
import { logText } from "../../../../gateway/log-text"
import { confirmRefunds } from "../../../../lib/acquiring/refund-notice"
import { applyRefundNotice, paymentOfSession } from "../../../../workflows/acquiring/notifications"
import { accountedFor } from "../../../../lib/acquiring/carts/unplaceable"
import { gatewayOfOrder } from "../../../../lib/acquiring/gateways"
import type { NotifyInput, NotifySession } from "./process"
import { loggerOf, SUCCESS, type NotifyReply } from "./replies"
import { verifiedNotice } from "./verify"

/** The notice only prompts a read: refunds are taken from the gateway's retrievalRefund list. */
export async function handleRefundNotification(
  scope: MedusaContainer,
  session: NotifySession,
  input: NotifyInput,
  orderNo: string,
): Promise<NotifyReply> {
  const { client } = await gatewayOfOrder(scope, session.provider_id, orderNo)
  const n = verifiedNotice(client, input, "refund", orderNo)
  const target = await paymentOfSession(scope, session.id)
  if (!target) {
    // The books' own refund of a cart that never became an order.
    if (await accountedFor(scope, orderNo)) return { ...SUCCESS, changed: "no Medusa payment; the books gave it back" }
    return { status: 404, body: "no Medusa payment for this order yet" }
  }
  const named = n.refund_reference_id ? String(n.refund_reference_id) : undefined
  const result = await applyRefundNotice(scope, target, (d) => confirmRefunds(client, d, named))
  loggerOf(scope)?.info(
    `acquiring: refund notification for ${logText(orderNo, 60)} (${logText(named ?? "no reference", 60)}) ${result.changed ? "recorded" : "already recorded"}`,
  )
  return SUCCESS
}
