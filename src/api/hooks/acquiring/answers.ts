import type { MedusaResponse } from "@medusajs/framework/http"
import { refusal, SUCCESS } from "../../../lib/acquiring/notifications/replies"

/** 200 text/plain `success` (the spec §6.3). */
export function acknowledge(res: MedusaResponse) {
  res.status(SUCCESS.status).type("text/plain").send(SUCCESS.body)
}

export function refuse(res: MedusaResponse, status: number, message: string) {
  res.status(status).json(refusal(status, message))
}
