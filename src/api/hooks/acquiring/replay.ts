import type { MedusaContainer } from "@medusajs/framework/types"
import { isGatewayError } from "../../../gateway/errors"
import { canonicalNotification } from "../../../gateway/operations/notification"
import { notificationFieldName } from "../../../gateway/schemas/notification"
import type { NotificationDTO } from "../../../modules/acquiring"
import { refusal } from "./answers"
import { handleNotification } from "./notify/process"
import { replyFor, type NotifyReply } from "./notify/replies"
import { handlePayoutNotification } from "./payout/process"

/** `success`, or `{ type, message }` as JSON, as the hook sends it. */
export const replyText = (reply: NotifyReply) =>
  reply.status < 300 ? reply.body : JSON.stringify(refusal(reply.status, reply.body))

function withSignature(fields: Record<string, unknown>, signature: string | null | undefined): Record<string, unknown> {
  const out = { ...fields }
  if (!signature) return out
  const key = Object.keys(out).find((k) => notificationFieldName(k) === "encryption_data") ?? "encryption_data"
  out[key] = signature
  return out
}

/** Everything checked afresh; the stored fields suffice, as the gateway never signs a card field. */
export async function replayNotification(
  scope: MedusaContainer,
  row: Pick<NotificationDTO, "hook" | "fields" | "signature" | "digest">,
): Promise<NotifyReply> {
  const fields = withSignature((row.fields ?? {}) as Record<string, unknown>, row.signature)
  const digest = row.digest ?? undefined
  try {
    if (row.hook === "payout") return await handlePayoutNotification(scope, fields, digest)
    let body: Record<string, unknown>
    try {
      body = canonicalNotification(fields)
    } catch (e) {
      if (!isGatewayError(e)) throw e
      return { status: 400, body: e.message }
    }
    return await handleNotification(scope, { body, headers: {}, digest })
  } catch (e) {
    return replyFor(e)
  }
}
