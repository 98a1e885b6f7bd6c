import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isGatewayError } from "../../../../gateway/errors"
import { canonicalNotification } from "../../../../gateway/operations/notification"
import { processNotificationWorkflow } from "../../../../workflows/acquiring/notifications/process-notification"
import { replyFor, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import { acknowledge, refuse } from "../answers"
import { setChanged } from "../record-middleware"

/**
 * The gateway's notify_url. Answered only once the workflow ran: its retry contract reads the status
 * (a 503 means "send it again"), so the answer must say whether the effect is recorded.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  let body: Record<string, unknown>
  try {
    // The engine's legacy names read as ours; the raw body is verified as received.
    const parsed = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {}
    body = canonicalNotification(parsed as Record<string, unknown>)
  } catch (e) {
    if (!isGatewayError(e)) throw e
    refuse(res, 400, e.message)
    return
  }
  let reply: NotifyReply
  try {
    ;({ result: reply } = await processNotificationWorkflow(req.scope).run({
      input: { body, rawBody: (req as MedusaRequest & { rawBody?: Buffer }).rawBody, headers: req.headers },
    }))
  } catch (e) {
    // A lock not had in time, or Medusa's workflow failed and undid itself: 503, send it again.
    reply = replyFor(e)
  }
  setChanged(res, reply.changed)
  if (reply.status < 300) acknowledge(res)
  else refuse(res, reply.status, reply.body)
}
