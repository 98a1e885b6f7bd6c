import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { RefundNotListedError } from "../../../../lib/acquiring/refund-notice"
import { NotAcquiringPaymentError } from "../../../../workflows/acquiring/notifications"

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

/** The app's logger; none in a bare scope (then nothing is logged). */
export function loggerOf(scope: MedusaContainer): Logger | undefined {
  try {
    return scope.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  } catch {
    return undefined
  }
}
