import type { MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { webhookProviderOf } from "../config"
import { DECLINE_KEY } from "../decline"
import { sameSentAmount } from "../money"
import type { AcquiringWebhookData } from "../webhook"
import { paymentActionKind } from "./kinds"
import { replyFor, SUCCESS } from "./replies"
import type { NotifyInput, NotifySession, VerifiedNotification } from "./types"

/** The provider verifies the signature and confirms the result with the gateway's record. */
export async function verifyPayment(
  scope: MedusaContainer,
  session: NotifySession,
  input: NotifyInput,
  orderNo: string,
): Promise<VerifiedNotification> {
  let result: WebhookActionResult
  try {
    result = await scope.resolve(Modules.PAYMENT).getWebhookActionAndData({
      provider: webhookProviderOf(session.provider_id),
      payload: { data: input.body, rawData: input.rawBody ?? "", headers: input.headers },
    })
  } catch (e) {
    return { kind: "answered", reply: replyFor(e) }
  }
  const refused = (body: string): VerifiedNotification => ({ kind: "answered", reply: { status: 400, body } })
  if (result.data?.session_id !== session.id) return refused("notification does not match the order")
  // Compared as sent: a session opened with currency_rounding half_up sent Medusa's amount rounded.
  if (!sameSentAmount(result.data.amount, session.amount, session.data))
    return refused("amount differs from the payment session")
  // The provider compared the (signed) currency with the gateway's record; the session's must be it too.
  if (String(input.body.currency ?? "").toUpperCase() !== session.currency_code.toUpperCase())
    return refused("currency differs from the payment session")
  const kind = paymentActionKind(result.action)
  if (kind === "decline") return { kind, session, reason: (result.data as AcquiringWebhookData)[DECLINE_KEY] }
  if (kind === "none") return { kind: "answered", reply: SUCCESS }
  return { kind, order_no: orderNo, session, result }
}
