import type { MedusaResponse } from "@medusajs/framework/http"
import { SUCCESS } from "./notify/replies"

/** As Medusa's own errors; the gateway reads only the status (2xx ends its retries). */
const TYPE_OF: Record<number, string> = {
  400: "invalid_data",
  401: "unauthorized",
  404: "not_found",
  409: "conflict",
  503: "unavailable",
}

/** 200 text/plain `success` (the spec §6.3). */
export function acknowledge(res: MedusaResponse) {
  res.status(SUCCESS.status).type("text/plain").send(SUCCESS.body)
}

export function refuse(res: MedusaResponse, status: number, message: string) {
  res.status(status).json(refusal(status, message))
}

export const refusal = (status: number, message: string) => ({ type: TYPE_OF[status] ?? "unexpected_state", message })
