import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { acknowledge, refuse } from "../answers"
import { handleNotification } from "./process"

/** POST /hooks/acquiring/notify: the gateway's notify_url (form-urlencoded). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const reply = await handleNotification(req.scope, {
    body: (req.body ?? {}) as Record<string, unknown>,
    rawBody: (req as MedusaRequest & { rawBody?: Buffer }).rawBody,
    headers: req.headers as Record<string, unknown>,
  })
  // Only SUCCESS is a 2xx reply (replies.ts).
  if (reply.status < 300) acknowledge(res)
  else refuse(res, reply.status, reply.body)
}
