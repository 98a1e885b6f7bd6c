import {
  GatewayApiError,
  GatewayIpNotRegisteredError,
  GatewayLimitExceededError,
  GatewaySignatureError,
  type GatewayError,
  type GatewayErrorInit,
} from "./errors"
import { ERROR_CODES, QUERY_RESULT } from "./status-codes"

type ErrorClass = new (message: string, init?: GatewayErrorInit) => GatewayError

/** `{code, source, message}` codes with a dedicated error kind; every other code is an api error. */
const BY_CODE: Record<string, ErrorClass> = {
  [ERROR_CODES.IP_NOT_REGISTERED]: GatewayIpNotRegisteredError,
  [ERROR_CODES.TOO_MANY_ORDERS]: GatewayLimitExceededError,
  [ERROR_CODES.SIGNATURE]: GatewaySignatureError,
}

/** A non-OK `return_status` of a 200 answer (engine query error codes, inferred). */
const BY_RETURN_STATUS: Record<string, ErrorClass> = {
  [QUERY_RESULT.IP_NOT_REGISTERED]: GatewayIpNotRegisteredError,
  [QUERY_RESULT.TOO_MANY]: GatewayLimitExceededError,
  [QUERY_RESULT.SIGNATURE]: GatewaySignatureError,
}

/** What the merchant can do about the dedicated kinds. */
const HINTS = new Map<ErrorClass, string>([
  [GatewayIpNotRegisteredError, " (register this server's IP address with the gateway)"],
  [GatewayLimitExceededError, " (send fewer orders per request: batch_limits)"],
  [GatewaySignatureError, " (check this account's sign_key and the signature_fields rule)"],
])

/** Error of an answer `{code, source, message}` (any HTTP status). */
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
