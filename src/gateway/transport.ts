import { CONTENT_TYPES, sniffDecode, type Decoded } from "./codecs"
import type { ClientContext } from "./context"
import { errorFromBody } from "./error-map"
import {
  GatewayApiError,
  GatewayBadResponseError,
  GatewayBodyRefusedError,
  GatewayNetworkError,
  GatewayTimeoutError,
  isGatewayOutage,
} from "./errors"
import type { Encoding, Operation } from "./operations-table"
import { OPERATION_TABLE } from "./operations-table"

/** A timeout covers headers and body; undici keeps connections alive. */
export interface Reply {
  status: number
  decoded: Decoded
}

const ACCEPT = "application/json, application/xml;q=0.9, text/html;q=0.8, */*;q=0.5"

export async function post(
  ctx: ClientContext,
  op: Operation,
  body: string,
  encoding: Encoding,
  callerSignal?: AbortSignal,
): Promise<Reply> {
  const ms = ctx.options.timeout_ms
  const timeout = AbortSignal.timeout(ms)
  const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout
  const headers = new Headers({ accept: ACCEPT, "content-type": CONTENT_TYPES[encoding] })
  // The merchant may relabel (the spec's examples send every body as form-urlencoded).
  for (const [key, value] of Object.entries(ctx.options.headers)) headers.set(key, value)

  let status: number
  let text: string
  try {
    const res = await ctx.fetch(ctx.baseUrl + OPERATION_TABLE[op].path, { method: "POST", headers, body, signal })
    status = res.status
    text = await res.text()
  } catch (err) {
    if (timeout.aborted) {
      throw new GatewayTimeoutError(`${op}: no answer within ${ms} ms (timeout_ms)`, {
        code: "TIMEOUT",
        operation: op,
        cause: err,
      })
    }
    if (callerSignal?.aborted) {
      throw new GatewayNetworkError(`${op}: aborted by the caller`, { code: "ABORTED", operation: op, cause: err })
    }
    const code = networkCode(err)
    throw new GatewayNetworkError(`${op}: could not reach the gateway (${code})`, { code, operation: op, cause: err })
  }
  return { status, decoded: decodeReply(op, status, text) }
}

/** Decode by content, whatever the label; map 4xx/5xx to typed errors. */
function decodeReply(op: Operation, status: number, text: string): Decoded {
  const failed = status < 200 || status >= 300
  let decoded: Decoded | undefined
  try {
    decoded = text.trim() ? sniffDecode(text) : undefined
  } catch (e) {
    if (!failed) throw undecodable(op, status, e)
  }
  if (!failed) {
    if (!decoded)
      throw new GatewayBadResponseError(`${op}: the answer is empty`, { source: "body", status, operation: op })
    return decoded
  }
  const err = errorBodyOf(decoded)
  if (err) throw errorFromBody(err, { status, operation: op })
  throw new GatewayApiError(`${op}: the gateway answered HTTP ${status} without an error body`, {
    code: `HTTP_${status}`,
    status,
    operation: op,
  })
}

/** A refused answer says why (the key that names a prototype, the limit); any other failure is malformed. */
function undecodable(op: Operation, status: number, e: unknown): GatewayBadResponseError {
  const refused = e instanceof GatewayBodyRefusedError
  const why = refused ? e.message : "the answer is not valid JSON, XML or HTML"
  return new GatewayBadResponseError(`${op}: ${why}`, {
    code: refused ? e.code : "",
    source: refused ? e.source : "body",
    status,
    operation: op,
    cause: e,
  })
}

/** `{code, source, message}` (gateway-interface.md §7.7, confirmed), from JSON, XML or form answers. */
export function errorBodyOf(
  decoded: Decoded | undefined,
): { code: string; source: string; message: string } | undefined {
  if (!decoded || decoded.type === "html") return undefined
  const value = decoded.value
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined
  const object = value as Record<string, unknown>
  if (typeof object.code !== "string" || !object.code) return undefined
  const str = (x: unknown) => (typeof x === "string" || typeof x === "number" ? String(x) : "")
  return { code: object.code, source: str(object.source), message: str(object.message) }
}

function networkCode(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown } } | undefined)?.cause
  if (cause && typeof cause.code === "string") return cause.code
  const code = (e as { code?: unknown } | undefined)?.code
  return typeof code === "string" ? code : "NETWORK"
}

/** Retry kinds that cannot have been acted on twice when the operation is a pure query. */
const retryable = isGatewayOutage

/** Exponential back-off with "equal jitter": half fixed, half random. */
export function backoffMs(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const d = Math.min(max, base * 2 ** attempt)
  return Math.round(d / 2 + random() * (d / 2))
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new GatewayNetworkError("aborted by the caller", { code: "ABORTED" }))
    const t = setTimeout(done, ms)
    function done() {
      signal?.removeEventListener("abort", onAbort)
      resolve()
    }
    function onAbort() {
      clearTimeout(t)
      reject(new GatewayNetworkError("aborted by the caller", { code: "ABORTED" }))
    }
    signal?.addEventListener("abort", onAbort, { once: true })
  })
}

/** Run `attempt` once, or with retries when the operation is idempotent (the retrievals). */
export async function withRetries<T>(
  ctx: ClientContext,
  op: Operation,
  attempt: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const retries = OPERATION_TABLE[op].idempotent ? ctx.options.query_retries : 0
  for (let n = 0; ; n++) {
    try {
      return await attempt()
    } catch (err) {
      if (n >= retries || !retryable(err) || signal?.aborted) throw err
      await sleep(backoffMs(n, ctx.options.retry_base_delay_ms, ctx.options.retry_max_delay_ms), signal)
    }
  }
}
