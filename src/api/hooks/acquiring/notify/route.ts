import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isGatewayError } from "../../../../gateway/errors"
import { canonicalNotification } from "../../../../gateway/operations/notification"
import { acknowledge, refuse } from "../answers"
import { setChanged } from "../record-middleware"
import { handleNotification } from "./process"

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
  const reply = await handleNotification(req.scope, {
    body,
    rawBody: (req as MedusaRequest & { rawBody?: Buffer }).rawBody,
    headers: req.headers as Record<string, unknown>,
  })
  setChanged(res, reply.changed)
  if (reply.status < 300) acknowledge(res)
  else refuse(res, reply.status, reply.body)
}
