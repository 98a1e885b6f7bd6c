/** Every error names what to fix: `code`/`source` from the gateway, or the field or option refused before sending. */
export type GatewayErrorKind =
  | "api" // the gateway answered {code, source, message} or a non-OK return_status
  | "timeout"
  | "network"
  | "bad_response" // the answer does not match the schema; source names the field
  | "signature" // a signature could not be made or did not verify
  | "ip_not_registered"
  | "limit_exceeded"
  | "partial_capture_refused" // the gateway captures only the whole authorised amount
  | "invalid_request" // refused before sending; source names the field
  | "invalid_options"

export interface GatewayErrorInit {
  code?: string
  source?: string
  status?: number
  operation?: string
  cause?: unknown
}

export class GatewayError extends Error {
  readonly kind: GatewayErrorKind
  readonly code: string
  readonly source: string
  readonly status?: number
  readonly operation?: string

  constructor(kind: GatewayErrorKind, message: string, init: GatewayErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = new.target.name
    this.kind = kind
    this.code = init.code ?? ""
    this.source = init.source ?? ""
    this.status = init.status
    this.operation = init.operation
  }

  toJSON() {
    const { kind, code, source, status, operation, message } = this
    return { kind, code, source, status, operation, message }
  }
}

const kindClass = (kind: GatewayErrorKind) =>
  class extends GatewayError {
    constructor(message: string, init?: GatewayErrorInit) {
      super(kind, message, init)
    }
  }

export class GatewayApiError extends kindClass("api") {}
export class GatewayTimeoutError extends kindClass("timeout") {}
export class GatewayNetworkError extends kindClass("network") {}
export class GatewayBadResponseError extends kindClass("bad_response") {}
export class GatewaySignatureError extends kindClass("signature") {}
export class GatewayIpNotRegisteredError extends kindClass("ip_not_registered") {}
export class GatewayLimitExceededError extends kindClass("limit_exceeded") {}
export class GatewayPartialCaptureRefusedError extends kindClass("partial_capture_refused") {}
export class GatewayRequestError extends kindClass("invalid_request") {}
export class GatewayOptionsError extends kindClass("invalid_options") {}

/** Code UNSAFE_KEY or BODY_LIMIT; a bad_response, so a webhook answers 400, never 401. */
export class GatewayBodyRefusedError extends GatewayBadResponseError {}

export const isGatewayError = (e: unknown): e is GatewayError => e instanceof GatewayError

/** An outage rather than an answer (timeout, unreachable, 5xx, 429, busy code 999): it may pass later. */
export function isGatewayOutage(e: unknown): boolean {
  if (e instanceof GatewayTimeoutError) return true
  if (e instanceof GatewayNetworkError) return e.code !== "ABORTED"
  if (e instanceof GatewayApiError) return (e.status ?? 0) >= 500 || e.status === 429 || e.code === "999"
  return false
}
