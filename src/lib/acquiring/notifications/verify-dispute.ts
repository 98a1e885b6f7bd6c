import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { disputeReadingOf, readDisputeNotice } from "../disputes"
import { recordMatches } from "../gateway-state"
import { gatewayOfOrder } from "../gateways"
import { currentPayment } from "../queries/current-payment"
import { paymentOfSession } from "../queries/notice-payment"
import { mapOrderRecord } from "../status"
import { confirmedOrder } from "../webhook"
import type { NotifyInput, NotifySession, VerifiedNotification } from "./types"
import { verifiedNotice } from "./verified-notice"

/**
 * No dispute query exists: the order is confirmed first; an unconfirmed one needs captured money
 * (else `resealed`: the signature is another delivery's).
 */
export async function verifyDispute(
  scope: MedusaContainer,
  session: NotifySession,
  input: NotifyInput,
  orderNo: string,
): Promise<VerifiedNotification | "resealed"> {
  const { client, options } = await gatewayOfOrder(scope, session.provider_id, orderNo)
  const n = verifiedNotice(client, input, "dispute", orderNo)
  const target = await paymentOfSession(scope, session.id)
  if (!target) return { kind: "answered", reply: { status: 404, body: "no Medusa payment for this order yet" } }
  const record = await confirmedOrder(client, n)
  if (!recordMatches(record, (await currentPayment(scope, target.payment_id)).acquiring)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "acquiring dispute notification: the gateway's order differs from the payment (amount/currency)",
    )
  }
  if (input.unconfirmed && mapOrderRecord(record, options.provider.status_map).status !== "captured") return "resealed"
  const notice = {
    ...readDisputeNotice(n, disputeReadingOf(options.provider), String(n.transaction_id || orderNo), new Date()),
    unconfirmed: input.unconfirmed,
  }
  return { kind: "dispute", order_no: orderNo, target, notice }
}
