import type { MedusaContainer } from "@medusajs/framework/types"
import { isGatewayError } from "../../../gateway/errors"
import { canonicalNotification } from "../../../gateway/operations/notification"
import { notificationFieldName } from "../../../gateway/schemas/notification"
import type { NotificationDTO } from "../../../modules/acquiring"
import { refusal } from "./answers"
import { handleNotification } from "./notify/process"
import { replyFor, type NotifyReply } from "./notify/replies"
import { handlePayoutNotification } from "./payout/process"

/** The reply as its hook sends it (answers.ts): `success`, or `{ type, message }` as JSON. */
export const replyText = (reply: NotifyReply) =>
  reply.status < 300 ? reply.body : JSON.stringify(refusal(reply.status, reply.body))

/** The stored fields with the signature the row kept apart, under the name the delivery used. */
function withSignature(fields: Record<string, unknown>, signature: string | null | undefined): Record<string, unknown> {
  const out = { ...fields }
  if (!signature) return out
  const key = Object.keys(out).find((k) => notificationFieldName(k) === "encryption_data") ?? "encryption_data"
  out[key] = signature
  return out
}

/**
 * "Process again": a stored notification's fields through its hook's handling from the start, as
 * if the gateway had delivered them now: signature, format and the gateway's own record are all
 * checked afresh, and the stored verdict counts for nothing. The fields are the object the hook
 * parsed (card data masked; the gateway never signs a card field) and the signature kept apart, so
 * no raw body is needed; the digest taken on arrival binds it to its signature as the delivery was.
 */
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
    // As the hook would answer: a refusal keeps its status, anything else may pass (503).
    return replyFor(e)
  }
}
