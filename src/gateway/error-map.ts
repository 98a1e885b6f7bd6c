import {
  GatewayApiError,
  GatewayIpNotRegisteredError,
  GatewayLimitExceededError,
  GatewayPartialCaptureRefusedError,
  GatewaySignatureError,
  type GatewayError,
  type GatewayErrorInit,
} from "./errors"
import { ERROR_CODES, QUERY_RESULT } from "./status-codes"

type ErrorClass = new (message: string, init?: GatewayErrorInit) => GatewayError

const BY_CODE: Record<string, ErrorClass> = {
  [ERROR_CODES.IP_NOT_REGISTERED]: GatewayIpNotRegisteredError,
  [ERROR_CODES.TOO_MANY_ORDERS]: GatewayLimitExceededError,
  [ERROR_CODES.SIGNATURE]: GatewaySignatureError,
}

const BY_RETURN_STATUS: Record<string, ErrorClass> = {
  [QUERY_RESULT.IP_NOT_REGISTERED]: GatewayIpNotRegisteredError,
  [QUERY_RESULT.TOO_MANY]: GatewayLimitExceededError,
  [QUERY_RESULT.SIGNATURE]: GatewaySignatureError,
}

const HINTS = new Map<ErrorClass, string>([
  [GatewayIpNotRegisteredError, " (register this server's IP address with the gateway)"],
  [GatewayLimitExceededError, " (send fewer orders per request: batch_limits)"],
  [GatewaySignatureError, " (check this account's sign_key and the signature_fields rule)"],
])

export function errorFromBody(
  body: { code: string; source: string; message: string },
  init: { status?: number; operation: string },
): GatewayError {
  const Cls = BY_CODE[body.code] ?? GatewayApiError
  const where = body.source ? ` (source: ${body.source})` : ""
  const text = `Gateway refused ${init.operation}: ${body.code} ${body.message}`.trim() + where + (HINTS.get(Cls) ?? "")
  return new Cls(text, { code: body.code, source: body.source, status: init.status, operation: init.operation })
}

/** Error of a 200 answer whose `return_status` is not `1`; code = return_status. */
export function errorFromReturnStatus(
  returnStatus: string,
  returnMessage: string,
  init: { status?: number; operation: string },
): GatewayError {
  const Cls = BY_RETURN_STATUS[returnStatus] ?? GatewayApiError
  const said = returnMessage ? `: ${returnMessage}` : ""
  const text = `Gateway answered ${init.operation} with return_status ${returnStatus}${said}` + (HINTS.get(Cls) ?? "")
  return new Cls(text, { code: returnStatus, source: "return_status", status: init.status, operation: init.operation })
}

/** `error_message` / `refund_message` of a batch entry, `<code>:<text>` (gateway-interface.md §7.3); a bare text has no code. */
export function entryCode(message: string): { code: string; text: string } {
  const match = /^([A-Z]\d{4}):\s*(.*)$/s.exec(message.trim())
  return match ? { code: match[1], text: match[2] } : { code: "", text: message.trim() }
}

/**
 * Whether a capture refusal means "this gateway captures only the whole authorisation": a capture below
 * the authorised amount refused with a code of the engine's pre-authorisation and capture family A000x
 * (the spec §7.7; the engine answers A0007 "not a pre-authorised order", the sandbox's refused
 * reading A0011). A0009 (capture time limit passed) keeps its own meaning.
 */
export function isPartialCaptureRefusal(code: string): boolean {
  return /^A\d{4}$/.test(code) && code !== ERROR_CODES.CAPTURE_TIME_LIMIT
}

/**
 * A capture below the authorised amount that the gateway refused (entry `<code>:<text>`, or the whole
 * request's code) with an A000x code: its own kind, partial_capture_refused, whose message says what the
 * merchant can do. Any other refusal: null (the caller reports it as it did).
 */
export function partialCaptureRefusal(
  refusal: { code: string; text: string },
  init: { amount: string; authorised: string; currency: string },
): GatewayPartialCaptureRefusedError | null {
  if (!isPartialCaptureRefusal(refusal.code)) return null
  const said = refusal.text ? `${refusal.code}: ${refusal.text}` : refusal.code
  return new GatewayPartialCaptureRefusedError(
    `the gateway refused to capture ${init.amount} of the ${init.authorised} ${init.currency} authorised (${said}); ` +
      `it captures only the whole authorised amount. Capture the full ${init.authorised} ${init.currency}, ` +
      `or cancel the payment and have the customer authorise the new amount.`,
    { code: refusal.code, source: "capture_orders[0].amount", operation: "capture" },
  )
}
