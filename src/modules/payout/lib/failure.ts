import { isGatewayError } from "../../../gateway/errors"
import type { PayoutUpdate } from "./gateway-update"

/** The gateway has not told us the payout's fate (timeout, 5xx, unreadable answer). */
export const OUTCOME_UNKNOWN = "outcome_unknown"

const MAX_REASON = 500

/** Only a definite refusal fails the payout; anything else may have been paid. Messages name fields, never values. */
export function updateFromError(e: unknown): PayoutUpdate {
  const message = e instanceof Error ? e.message : String(e)
  if (isGatewayError(e)) {
    const refused =
      e.kind === "invalid_request" ||
      e.kind === "invalid_options" ||
      e.kind === "ip_not_registered" ||
      e.kind === "limit_exceeded" ||
      (e.kind === "api" && (e.status === undefined || e.status < 500))
    if (refused) {
      const where = e.source ? ` (${e.source})` : ""
      return {
        status: "failed",
        failure_type: e.code || e.kind,
        failure_reason: clip(`${message}${where}`),
      }
    }
  }
  const kind = isGatewayError(e) ? e.kind : "error"
  return {
    status: "processing",
    failure_type: OUTCOME_UNKNOWN,
    failure_reason: clip(
      `${kind}: ${message}. The gateway may have accepted the payout; retry with the same request_id (it will not pay twice).`,
    ),
  }
}

const clip = (s: string) => (s.length > MAX_REASON ? `${s.slice(0, MAX_REASON - 1)}…` : s)
