import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isAcquiringProvider } from "../../../../lib/acquiring/config"
import { bodyRefusal, notifyTypeOf, orderNoOf } from "../../../../lib/acquiring/notifications/kinds"
import { replyFor, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import type { NotifyInput, VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { verifyDispute } from "../../../../lib/acquiring/notifications/verify-dispute"
import { verifyOrphan } from "../../../../lib/acquiring/notifications/verify-orphan"
import { accountGatewayOf, signingGatewayOf } from "../../../../lib/acquiring/notifications/signing-gateway"
import { verifyPayment } from "../../../../lib/acquiring/notifications/verify-payment"
import { verifyRefund } from "../../../../lib/acquiring/notifications/verify-refund"
import { sessionIdFromOrderNo } from "../../../../lib/acquiring/order-no"
import { findSession } from "../../../../lib/acquiring/queries/notify-session"
import { verifyNotification } from "../../../../lib/acquiring/webhook"
import { acquiringOf } from "../../../../modules/acquiring"
import { RESEALED, sealedDelivery } from "../../../../lib/acquiring/books/seal"
import { TEST_NOTIFY_TYPE } from "../../../../lib/acquiring/notify-health/test-notification"
import { verifyTestNotification } from "../../../../lib/acquiring/notifications/verify-test"

const answered = (reply: NotifyReply): VerifiedNotification => ({ kind: "answered", reply })

/**
 * A verified signature reused with another kind or result is refused. A genuine dispute may carry its
 * payment's signature (the gateway signs the order's fields): it is answered "unconfirmed".
 */
async function unsealedReply(
  scope: MedusaContainer,
  input: NotifyInput,
): Promise<NotifyReply | "unconfirmed" | undefined> {
  // Nothing verifies here; the kind's own verification still refuses it.
  const signer = await signingGatewayOf(scope, orderNoOf(input.body), input.body.account_id)
  if (!signer) return undefined
  try {
    verifyNotification(signer.client, { data: input.body, rawData: input.rawBody ?? "", headers: input.headers })
  } catch {
    return undefined
  }
  const kind = String(notifyTypeOf(input.body))
  // A refund is confirmed against the gateway's own refund list, and may share a payment's signature.
  if (kind === "refund") return undefined
  if (await sealedDelivery(scope, input.body, kind, input.digest)) return undefined
  return kind === "dispute" ? "unconfirmed" : { status: 401, body: RESEALED }
}

/** One of our order numbers whose session Medusa deleted: money on it belongs to no order. */
async function verifyOrphaned(scope: MedusaContainer, input: NotifyInput, orderNo: string, sessionId: string) {
  if (input.unconfirmed) return answered({ status: 401, body: RESEALED })
  const [known] = await acquiringOf(scope).listGatewayOrders({ order_no: orderNo }, { select: ["provider_id"] })
  const providerId = known?.provider_id ?? (await accountGatewayOf(scope, input.body.account_id))?.provider_id
  if (!providerId) return answered({ status: 404, body: "unknown order" })
  return verifyOrphan(scope, input, orderNo, sessionId, providerId)
}

async function verified(scope: MedusaContainer, input: NotifyInput): Promise<VerifiedNotification> {
  const refused = bodyRefusal(input.body)
  if (refused) return answered(refused)
  const orderNo = orderNoOf(input.body)
  if (notifyTypeOf(input.body) === TEST_NOTIFY_TYPE) return answered(verifyTestNotification(scope, input, orderNo))
  const unsealed = await unsealedReply(scope, input)
  if (unsealed === "unconfirmed") input = { ...input, unconfirmed: true }
  else if (unsealed) return answered(unsealed)
  const sessionId = sessionIdFromOrderNo(orderNo)
  const session = sessionId ? await findSession(scope, sessionId) : undefined
  if (!session && sessionId) return verifyOrphaned(scope, input, orderNo, sessionId)
  if (!session || !isAcquiringProvider(session.provider_id)) return answered({ status: 404, body: "unknown order" })
  const kind = notifyTypeOf(input.body)
  if (kind !== "refund" && kind !== "dispute") return verifyPayment(scope, session, input, orderNo)
  try {
    if (kind === "refund") return await verifyRefund(scope, session, input, orderNo)
    const dispute = await verifyDispute(scope, session, input, orderNo)
    return dispute === "resealed" ? answered({ status: 401, body: RESEALED }) : dispute
  } catch (e) {
    return answered(replyFor(e))
  }
}

/**
 * Signature, seal, then the gateway's record, each once: the kind it returns is the signed one. Reads
 * only, but the seal a first verified delivery writes stays (it binds the signature, whatever follows).
 */
export const verifyNotificationStep = createStep(
  "acquiring-verify-notification",
  async (input: NotifyInput, { container }) => new StepResponse(await verified(container, input)),
)
