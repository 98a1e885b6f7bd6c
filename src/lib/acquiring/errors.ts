import { MedusaError } from "@medusajs/framework/utils"
import { isGatewayError } from "../../gateway/errors"

/** Gateway refusals become a 4xx naming the fix; outages a plain Error (retryable, logged). */
export function toMedusaError(e: unknown, action: string): Error {
  if (e instanceof MedusaError) return e
  if (!isGatewayError(e)) return e instanceof Error ? e : new Error(String(e))
  const where = e.source ? ` (${e.source})` : ""
  const code = e.code ? ` ${e.code}` : ""
  switch (e.kind) {
    case "invalid_request":
    case "invalid_options":
      return new MedusaError(MedusaError.Types.INVALID_DATA, `${action}: ${e.message}${where}`)
    case "partial_capture_refused":
      return new MedusaError(MedusaError.Types.NOT_ALLOWED, `${action}: ${e.message}`)
    case "api":
    case "limit_exceeded":
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${action}: the gateway refused${code}: ${e.message}${where}`,
      )
    default:
      return new Error(`${action}: gateway ${e.kind}${code}: ${e.message}`)
  }
}
