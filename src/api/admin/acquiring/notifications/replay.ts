import type { MedusaContainer } from "@medusajs/framework/types"
import { isGatewayError } from "../../../../gateway/errors"
import { canonicalNotification } from "../../../../gateway/operations/notification"
import { notificationFieldName } from "../../../../gateway/schemas/notification"
import { replyFor, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import type { NotificationDTO } from "../../../../modules/acquiring"
import { processNotificationWorkflow } from "../../../../workflows/acquiring/notifications/process-notification"
import { handlePayoutNotification } from "../../../hooks/acquiring/payout/process"

function withSignature(fields: Record<string, unknown>, signature: string | null | undefined): Record<string, unknown> {
  const out = { ...fields }
  if (!signature) return out
  const key = Object.keys(out).find((k) => notificationFieldName(k) === "encryption_data") ?? "encryption_data"
  out[key] = signature
  return out
}

/** Everything checked afresh by the hook's own workflow; the stored fields suffice, as the gateway never signs a card field. */
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
    const { result } = await processNotificationWorkflow(scope).run({ input: { body, headers: {}, digest } })
    return result
  } catch (e) {
    return replyFor(e)
  }
}
