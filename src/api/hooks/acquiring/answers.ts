import type { MedusaResponse } from "@medusajs/framework/http"
import { SUCCESS } from "./notify/replies"

/** The body Medusa's own errors have; the gateway reads only the status (2xx ends its retries). */
const TYPE_OF: Record<number, string> = {
  400: "invalid_data",
  401: "unauthorized",
  404: "not_found",
  409: "conflict",
  503: "unavailable",
}

/** Both hooks' acknowledgement, unchanged: 200 text/plain `success` (gateway-interface.md §6.3). */
export function acknowledge(res: MedusaResponse) {
  res.status(SUCCESS.status).type("text/plain").send(SUCCESS.body)
}

/** Both hooks' refusal: `{ type, message }` with the status that tells the gateway to retry (503) or not. */
export function refuse(res: MedusaResponse, status: number, message: string) {
  res.status(status).json(refusal(status, message))
}

/** The refusal's body; "Process again" stores it as the hook would have sent it. */
export const refusal = (status: number, message: string) => ({ type: TYPE_OF[status] ?? "unexpected_state", message })
