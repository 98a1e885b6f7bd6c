import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { OPERATIONS, OPERATION_TABLE, type Operation } from "../../gateway/operations-table"
import { ERROR_CODES } from "../../gateway/status-codes"
import { decodeForm, sniffDecode } from "../../gateway/codecs"
import { GatewayBodyRefusedError } from "../../gateway/errors"
import type { SandboxCore } from "../core"
import type { FaultTarget, HttpFault } from "../faults"
import { batch } from "../endpoints/batch"
import { authorise, checkout } from "../endpoints/payment"
import { payout } from "../endpoints/payout"
import { retrievalRefund, retrievalTrans } from "../endpoints/retrieval"
import { redact } from "../request-log"
import type { HeardReading } from "../silent-points"
import { adminRoute } from "./admin"
import { ApiError } from "./api-error"
import { authenticate } from "./auth"
import { cardPageFor, pageRoute } from "./shopper-routes"
import { apiError, json, type Reply } from "./reply"
import { assertDocumentedEncoding } from "./strict"
import { decodeRequestBody, refusing } from "./validate"

/** The HTTP front: routing, body limits, faults and the request log. */
const OP_BY_PATH = new Map<string, Operation>(OPERATIONS.map((op) => [OPERATION_TABLE[op].path, op]))

interface Ctx {
  ip: string
  body?: Record<string, unknown>
  /** The silent points' readings this request carried. */
  readings: HeardReading[]
}

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        resolve(null)
        req.removeAllListeners("data")
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })
}

function api(core: SandboxCore, op: Operation, raw: string, ctx: Ctx): Reply {
  const decoded = decodeRequestBody(raw)
  const body = decoded.value
  ctx.body = body
  // The loading page's form, posted by the shopper's browser: a page request, not the API.
  if (op === "checkout" && typeof body.gbc_id === "string") {
    const session = core.store.session(body.gbc_id)
    if (session && session.kind === "card") return cardPageFor(core, session)
  }
  const hear = (reading: HeardReading) => {
    ctx.readings.push(reading)
    core.readings.record(op, reading, Date.now())
  }
  assertDocumentedEncoding(core, op, decoded, hear)
  const caller = authenticate(core, op, body)
  switch (op) {
    case "checkout":
      return asDocumented(checkout(core, caller, body, ctx.ip))
    case "authorise":
      return authorise(core, caller, body)
    case "retrievalTrans":
      return retrievalTrans(core, caller, body, ctx.ip, hear)
    case "retrievalRefund":
      return retrievalRefund(core, caller, body, hear)
    case "payout":
      return payout(core, caller, body)
    default:
      return batch(core, op, caller, body)
  }
}

/** Checkout answers its loading page as application/xml, as the spec §4.1 documents, even when lenient. */
function asDocumented(reply: Reply): Reply {
  return reply.status === 200 && reply.contentType.startsWith("text/html")
    ? { ...reply, contentType: "application/xml; charset=utf-8" }
    : reply
}

/** Decoded by content, else read as form fields; a refused body is a 400 either way. */
function formBody(raw: string): Record<string, unknown> {
  return refusing(() => {
    try {
      const decoded = sniffDecode(raw)
      return decoded.type === "json" || decoded.type === "xml" || decoded.type === "form"
        ? ((decoded.value ?? {}) as Record<string, unknown>)
        : {}
    } catch (err) {
      if (err instanceof GatewayBodyRefusedError) throw err
      return decodeForm(raw)
    }
  })
}

function route(core: SandboxCore, method: string, url: URL, raw: string, ctx: Ctx): Reply {
  const path = url.pathname
  const op = OP_BY_PATH.get(path)
  try {
    if (op) {
      if (method !== "POST")
        return json({ code: ERROR_CODES.INVALID_FIELD, source: "method", message: `${path} takes POST` }, 405)
      return api(core, op, raw, ctx)
    }
    if (path.startsWith("/__sandbox"))
      return adminRoute(core, method, path, url.searchParams, (ctx.body = formBody(raw)))
    const page = pageRoute(core, method, path, (ctx.body = formBody(raw)))
    if (page) return page
    if (path === "/" && method === "GET")
      return json({ name: "acquiring sandbox gateway", base_url: core.baseUrl, operations: [...OP_BY_PATH.keys()] })
    return json({ code: ERROR_CODES.INVALID_FIELD, source: "path", message: `no endpoint ${method} ${path}` }, 404)
  } catch (err) {
    if (err instanceof ApiError) return apiError(err)
    console.error("[sandbox] internal error:", err instanceof Error ? err.message : err)
    return json({ code: ERROR_CODES.SYSTEM, source: "", message: "sandbox internal error" }, 500)
  }
}

function targetOf(path: string): FaultTarget | null {
  const op = OP_BY_PATH.get(path)
  if (op) return op
  return /^\/(pay|apm)\//.test(path) ? "pages" : null
}

const sleep = (core: SandboxCore, ms: number) => new Promise<void>((r) => core.scheduler.after(ms, r))

/** error → 5xx {code S0001}, reset → socket destroyed, timeout → silence, then the socket closes (bounded). */
function applyFault(core: SandboxCore, fault: HttpFault, req: IncomingMessage, res: ServerResponse): number {
  if (fault.kind === "error") {
    const body = JSON.stringify({ code: ERROR_CODES.SYSTEM, source: "", message: "sandbox fault: system error" })
    res.writeHead(fault.status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    })
    res.end(body)
    return fault.status
  }
  if (fault.kind === "reset") {
    req.socket.destroy()
    return 0
  }
  const max = core.options.timeout_fault_max_ms
  core.scheduler.after(Math.min(fault.kind === "timeout" && fault.timeout_ms ? fault.timeout_ms : max, max), () => {
    req.socket.destroy()
  })
  return 0
}

function write(res: ServerResponse, reply: Reply) {
  res.writeHead(reply.status, {
    "content-type": reply.contentType,
    "content-length": Buffer.byteLength(reply.body),
    ...reply.headers,
  })
  res.end(reply.body)
}

/** Pages may be framed by the configured storefront origins (iFrame mode), else only same-origin. */
function framing(core: SandboxCore, reply: Reply): Reply {
  const origins = core.options.frame_ancestors
  if (!origins.length || !reply.headers?.["x-frame-options"]) return reply
  const { "x-frame-options": _xfo, ...headers } = reply.headers
  const sources = origins.map((o) => new URL(o).origin).join(" ")
  return { ...reply, headers: { ...headers, "content-security-policy": `frame-ancestors 'self' ${sources}` } }
}

async function handle(core: SandboxCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = Date.now()
  const method = req.method ?? "GET"
  const url = new URL(req.url ?? "/", "http://sandbox.invalid")
  const ctx: Ctx = { ip: req.socket.remoteAddress ?? "", readings: [] }
  const raw = await readBody(req, core.options.max_body_bytes)
  const target = targetOf(url.pathname)
  const fired = target ? (core.faults.roll(target) as HttpFault[]) : []
  const latency = fired.reduce((s, f) => s + (f.kind === "latency" ? f.latency_ms : 0), 0)
  if (latency) await sleep(core, latency)
  const terminal = fired.find((f) => f.kind !== "latency")
  let status: number
  let reply: Reply | undefined
  if (raw === null) {
    reply = json(
      {
        code: ERROR_CODES.INVALID_FIELD,
        source: "body",
        message: `body larger than ${core.options.max_body_bytes} bytes`,
      },
      413,
    )
  } else if (!terminal || ("after_effect" in terminal && terminal.after_effect)) {
    reply = route(core, method, url, raw, ctx)
  }
  if (terminal && reply?.status !== 413) status = applyFault(core, terminal, req, res)
  else {
    write(res, framing(core, reply!))
    status = reply!.status
  }
  if (url.pathname.startsWith("/__sandbox") && method === "GET") return // inspection reads are not logged
  core.requests.add({
    at: started,
    method,
    path: url.pathname.replace(/\/[0-9a-f]{32}(?=\/|$)/, "/{token}"),
    target: target ?? (url.pathname.startsWith("/__sandbox") ? "admin" : "other"),
    ip: ctx.ip,
    status,
    duration_ms: Date.now() - started,
    body: ctx.body ? (redact(ctx.body) as Record<string, unknown>) : undefined,
    result: reply?.summary,
    readings: ctx.readings.length ? ctx.readings : undefined,
    faults: fired.length ? fired.map((f) => f.kind) : undefined,
  })
  if (core.options.log_requests)
    console.log(
      `[sandbox] ${method} ${url.pathname.replace(/[0-9a-f]{32}/, "{token}")} ${status || "(fault)"} ${Date.now() - started}ms`,
    )
}

export function createSandboxServer(core: SandboxCore): Server {
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    handle(core, req, res).catch((err) => {
      console.error("[sandbox] request failed:", err instanceof Error ? err.message : err)
      if (!res.headersSent) res.writeHead(500).end()
      else res.destroy()
    })
  })
  return server
}
