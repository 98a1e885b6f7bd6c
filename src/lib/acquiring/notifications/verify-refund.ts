import type { MedusaContainer } from "@medusajs/framework/types"
import { gatewayOfOrder } from "../gateways"
import { paymentOfSession } from "../queries/notice-payment"
import type { NotifyInput, NotifySession, VerifiedNotification } from "./types"
import { verifiedNotice } from "./verified-notice"

/** Signed for this order; the refunds themselves are read from the gateway's list under the payment's lock. */
export async function verifyRefund(
  scope: MedusaContainer,
  session: NotifySession,
  input: NotifyInput,
  orderNo: string,
): Promise<VerifiedNotification> {
  const { client } = await gatewayOfOrder(scope, session.provider_id, orderNo)
  const n = verifiedNotice(client, input, "refund", orderNo)
  const target = (await paymentOfSession(scope, session.id)) ?? null
  const named = n.refund_reference_id ? String(n.refund_reference_id) : undefined
  return { kind: "refund", order_no: orderNo, session, target, ...(named && { named }) }
}
