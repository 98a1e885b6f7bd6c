import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { RefundNotListedError } from "../refund-notice"
import { NotAcquiringPaymentError } from "../queries/current-payment"

export interface NotifyReply {
  status: number
  body: string
  /** For the books' notification log. */
  changed?: string
}

/** The engine's own plugins acknowledge with this body (the spec §6.3). */
export const SUCCESS: NotifyReply = { status: 200, body: "success" }

const STATUS_OF: Partial<Record<string, number>> = {
  [MedusaError.Types.UNAUTHORIZED]: 401,
  [MedusaError.Types.INVALID_DATA]: 400,
  [MedusaError.Types.NOT_ALLOWED]: 400,
  [MedusaError.Types.NOT_FOUND]: 404,
}

/** A refusal keeps its status; anything that may pass answers 503 so the gateway delivers it again. */
export function replyFor(e: unknown): NotifyReply {
  if (e instanceof MedusaError && STATUS_OF[e.type]) return { status: STATUS_OF[e.type]!, body: e.message }
  if (e instanceof NotAcquiringPaymentError) return { status: 404, body: e.message }
  if (e instanceof RefundNotListedError) return { status: 503, body: `${e.message}; try again` }
  return { status: 503, body: "try again" }
}

/** As Medusa's own errors; the gateway reads only the status (2xx ends its retries). */
const TYPE_OF: Record<number, string> = {
  400: "invalid_data",
  401: "unauthorized",
  404: "not_found",
  409: "conflict",
  503: "unavailable",
}

export const refusal = (status: number, message: string) => ({ type: TYPE_OF[status] ?? "unexpected_state", message })

/** `success`, or `{ type, message }` as JSON, as the hook sends it. */
export const replyText = (reply: NotifyReply) =>
  reply.status < 300 ? reply.body : JSON.stringify(refusal(reply.status, reply.body))

/** The app's logger; none in a bare scope (then nothing is logged). */
export function loggerOf(scope: MedusaContainer): Logger | undefined {
  try {
    return scope.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  } catch {
    return undefined
  }
}
