import type { MedusaContainer } from "@medusajs/framework/types"
import { gatewayOfOrder } from "../gateways"
import { confirmedOrder, verifyNotification } from "../webhook"
import { MONEY_TYPES } from "./kinds"
import { replyFor, SUCCESS } from "./replies"
import type { NotifyInput, VerifiedNotification } from "./types"

/** Verified as any other; only money (a payment or review result) is confirmed and given back. */
export async function verifyOrphan(
  scope: MedusaContainer,
  input: NotifyInput,
  orderNo: string,
  sessionId: string,
  providerId: string,
): Promise<VerifiedNotification> {
  try {
    const { client, version } = await gatewayOfOrder(scope, providerId, orderNo)
    const n = verifyNotification(client, { data: input.body, rawData: input.rawBody ?? "", headers: input.headers })
    if (!MONEY_TYPES.has(n.notify_type))
      return { kind: "answered", reply: { ...SUCCESS, changed: "no live session; nothing to change" } }
    const record = await confirmedOrder(client, n)
    const opened = {
      order_no: orderNo,
      provider_id: providerId,
      account_id: String(n.account_id),
      amount: String(record.amount),
      currency_code: String(record.currency).toUpperCase(),
      session_id: sessionId,
      ...(version !== undefined && { settings_version: version }),
    }
    return { kind: "orphan", opened }
  } catch (e) {
    return { kind: "answered", reply: replyFor(e) }
  }
}
