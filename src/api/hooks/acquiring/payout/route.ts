import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { acknowledge, refuse } from "../answers"
import { setChanged } from "../record-middleware"
import { handlePayoutNotification } from "./process"

/** The body as sent: the raw text when kept (form-urlencoded), else the parsed object. */
function notificationBody(req: MedusaRequest): string | Record<string, unknown> {
  const body = req.body
  if (body && typeof body === "object" && Object.keys(body).length) return body as Record<string, unknown>
  const raw = (req as { rawBody?: Buffer | string }).rawBody
  return raw ? raw.toString() : {}
}

/** POST /hooks/acquiring/payout: payout notifications (notify_url); the logic is process.ts's. */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const reply = await handlePayoutNotification(req.scope, notificationBody(req))
  setChanged(res, reply.changed)
  if (reply.status < 300) acknowledge(res)
  else refuse(res, reply.status, reply.body)
}
