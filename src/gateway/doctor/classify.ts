import { isGatewayError } from "../errors"
import { ERROR_CODES } from "../status-codes"

/** Only `signature` and `other` can be cured by a documented alternative; the rest need the merchant or the gateway. */
export type Refusal =
  | "ip_not_registered" // the signature was accepted; this server's address is not (engine query result 7, I0070)
  | "credentials" // merchant_id or account_id unknown (I0003, I0004)
  | "wrong_address" // test account on the live address or the reverse (I0014, I0015)
  | "signature" // I0013 / query result 6
  | "unreachable" // timeout, connection refused, DNS
  | "server_error" // HTTP 5xx or S0001: says nothing of the configuration, so no alternative is tried
  | "other"

const CREDENTIALS = new Set<string>([ERROR_CODES.UNKNOWN_MERCHANT, ERROR_CODES.UNKNOWN_ACCOUNT])
const ADDRESS = new Set<string>([ERROR_CODES.TEST_ACCOUNT_ON_LIVE, ERROR_CODES.LIVE_ACCOUNT_ON_TEST])

export function classify(err: unknown): Refusal {
  if (!isGatewayError(err)) return "other"
  if (err.kind === "ip_not_registered") return "ip_not_registered"
  if (err.kind === "signature") return "signature"
  if (err.kind === "timeout" || err.kind === "network") return "unreachable"
  if ((err.status ?? 0) >= 500 || err.code === ERROR_CODES.SYSTEM) return "server_error"
  if (CREDENTIALS.has(err.code)) return "credentials"
  if (ADDRESS.has(err.code)) return "wrong_address"
  return "other"
}

export const isFinal = (r: Refusal) =>
  r === "ip_not_registered" || r === "unreachable" || r === "wrong_address" || r === "server_error"

/** The client's text never holds a key. */
export function verbatim(err: unknown): string {
  if (!isGatewayError(err)) return String((err as Error)?.message ?? err)
  const parts = [
    err.code && `code ${err.code}`,
    err.source && `source ${err.source}`,
    err.status && `HTTP ${err.status}`,
  ]
  return `${parts.filter(Boolean).join(", ")}${parts.some(Boolean) ? ": " : ""}${err.message}`
}
