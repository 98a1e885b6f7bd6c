import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { handleNotification } from "./process"

/** POST /hooks/acquiring/notify: the gateway's notify_url (form-urlencoded). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const reply = await handleNotification(req.scope, {
    body: (req.body ?? {}) as Record<string, unknown>,
    rawBody: (req as MedusaRequest & { rawBody?: Buffer }).rawBody,
    headers: req.headers as Record<string, unknown>,
  })
  res.status(reply.status).type("text/plain").send(reply.body)
}
