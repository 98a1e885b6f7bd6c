import http from "node:http"
import https from "node:https"
import { ADDRESS_CHECK_FIELD } from "../queries/notification-health"

export type AddressProblem =
  "redirect" | "rejected" | "refused" | "tls" | "dns" | "timeout" | "http_error" | "proxy" | "network"

export interface AddressCheck {
  url: string
  ok: boolean
  status: number | null
  problem: AddressProblem | null
  message: string
  location?: string
  server?: string
}

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL|HOSTNAME_MISMATCH)/
const TIMEOUT_MS = 8_000

/** POSTs a harmless form to the notify URL (fresh connection, no redirects); our route refuses it with our JSON 400. */
export async function checkNotifyAddress(url: string): Promise<AddressCheck> {
  try {
    return readAnswer(url, await postForm(url, `${ADDRESS_CHECK_FIELD}=1`))
  } catch (e) {
    return readFailure(url, e as NodeJS.ErrnoException)
  }
}

export function readAnswer(url: string, a: RawAnswer): AddressCheck {
  const server = [a.headers.server, a.headers.via].flat().filter(Boolean).join(", ") || undefined
  const base = { url, status: a.status, ...(server ? { server } : {}) }
  if (a.status >= 300 && a.status < 400) {
    const location = String(a.headers.location ?? "")
    return {
      ...base,
      ok: false,
      problem: "redirect",
      location,
      message: `answered ${a.status}, a redirect to ${location || "(no location)"}: the gateway does not follow redirects; set store_url to the final address`,
    }
  }
  if (isOurRefusal(a))
    return { ...base, ok: true, problem: null, message: `reachable: this store's notify route answered (${a.status})` }
  if (a.status < 300)
    return {
      ...base,
      ok: false,
      problem: "proxy",
      message: `answered ${a.status}, but not as this store's notify route does: something in front (a proxy, a maintenance page) accepts the gateway's notifications`,
    }
  return {
    ...base,
    ok: false,
    problem: a.status === 404 || a.status === 405 ? "http_error" : "proxy",
    message:
      a.status === 404
        ? "answered 404: nothing at this path; check store_url and notify_path, and that the plugin is loaded"
        : `answered ${a.status}${server ? ` from ${server}` : ""}, not this store's notify route: a proxy or firewall in front refuses it`,
  }
}

/** Our hooks refuse with `{ type, message }` as JSON. */
function isOurRefusal(a: RawAnswer): boolean {
  if (a.status !== 400 || !String(a.headers["content-type"] ?? "").includes("json")) return false
  try {
    const b = JSON.parse(a.body) as { type?: unknown; message?: unknown }
    return typeof b?.type === "string" && typeof b?.message === "string"
  } catch {
    return false
  }
}

export function readFailure(url: string, e: NodeJS.ErrnoException): AddressCheck {
  const code = String(e?.code ?? "")
  const out = (problem: AddressProblem, message: string): AddressCheck => ({
    url,
    ok: false,
    status: null,
    problem,
    message,
  })
  if (code === "ECONNREFUSED") return out("refused", "connection refused: nothing listens at this host and port")
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return out("dns", "the host name does not resolve")
  if (code === "ETIMEDOUT" || e?.name === "TimeoutError")
    return out("timeout", `no answer within ${TIMEOUT_MS / 1000} s: a firewall may drop the connection`)
  if (TLS_CODES.test(code)) return out("tls", `TLS failed (${code}): the gateway refuses this certificate too`)
  return out("network", `the request failed (${code || e?.name || "error"})`)
}

/** One form POST on a fresh connection, redirects not followed: as the gateway delivers. */
export function postForm(url: string, body: string): Promise<RawAnswer> {
  const target = new URL(url)
  const lib = target.protocol === "https:" ? https : http
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (c: string) => (text = (text + c).slice(0, 4_000)))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
        res.on("error", reject)
      },
    )
    req.setTimeout(TIMEOUT_MS, () => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })))
    req.on("error", reject)
    req.end(body)
  })
}
