import { readFileSync } from "node:fs"
import { join } from "node:path"
import { createHash } from "node:crypto"
import { createGatewayClient } from "../../client"
import type { GatewayClientOptionsInput } from "../../options"

/** A request as the fake fetch saw it on the wire. */
export interface Wire {
  url: string
  method: string
  contentType: string
  headers: Headers
  body: string
}

/** What a responder may do: answer, hang until aborted, or fail to connect. */
export type Reply = Response | "hang" | "refuse"
export type Responder = (req: Wire, n: number) => Reply | Promise<Reply>

export function fakeFetch(responder: Responder) {
  const calls: Wire[] = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers)
    const wire: Wire = {
      url: String(input),
      method: init.method ?? "GET",
      contentType: headers.get("content-type") ?? "",
      headers,
      body: String(init.body ?? ""),
    }
    calls.push(wire)
    const reply = await responder(wire, calls.length - 1)
    if (reply === "refuse") {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }),
      })
    }
    if (reply === "hang") {
      return new Promise<Response>((_, reject) => {
        const signal = init.signal!
        if (signal.aborted) reject(signal.reason)
        signal.addEventListener("abort", () => reject(signal.reason), { once: true })
      })
    }
    return reply
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}

export const MERCHANT = "1234567"
export const ACCOUNTS = {
  eur: { account_id: "123456701", sign_key: "EurKey-Secret1", currencies: ["EUR"] },
  usd: { account_id: "123456702", sign_key: "UsdKey-Secret2", currencies: ["USD", "GBP"] },
  fallback: { account_id: "123456703", sign_key: "FbKey-Secret3" },
}

export function makeClient(responder: Responder, options: Partial<GatewayClientOptionsInput> = {}) {
  const fake = fakeFetch(responder)
  // A spec's timings go to the client's internals, over the helper's short ones.
  const { timeout_ms = 2_000, retry_base_delay_ms = 1, ...extra } = options
  const client = createGatewayClient({
    merchant_id: MERCHANT,
    test_base_url: "https://gw.test/",
    accounts: [ACCOUNTS.eur, ACCOUNTS.usd, ACCOUNTS.fallback],
    ...extra,
    internals: { fetch: fake.fetch, retry_base_delay_ms, timeout_ms, ...extra.internals },
  })
  return { client, calls: fake.calls }
}

export const fixture = (name: string) => readFileSync(join(__dirname, "..", "fixtures", name), "utf8")
export const fixtureJson = (name: string) => JSON.parse(fixture(name))

/** Response with a body and a label (the gateway mislabels; decoding must not care). */
export const reply = (body: string | object, status = 200, contentType = "application/x-www-form-urlencoded") =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": contentType },
  })

/** Independent SHA-256 of a hand-written concatenation. */
export const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex")

/** A gateway that answers each batch with one OK entry per order, echoing the request. */
export function echoBatch(array: string, statusField: string, extra: Record<string, string> = {}): Responder {
  return (req) => {
    const body = JSON.parse(req.body)
    return reply({
      merchant_id: body.merchant_id,
      account_id: body.account_id,
      return_status: "1",
      return_message: "OK",
      [array]: body[array].map((o: Record<string, string>) => ({
        ...o,
        [statusField]: "1",
        error_message: "",
        ...extra,
      })),
    })
  }
}

export const orders = (n: number, currency = "EUR", prefix = "T") =>
  Array.from({ length: n }, (_, i) => ({
    transaction_id: `${prefix}${String(i + 1).padStart(4, "0")}`,
    order_no: `ORD${String(i + 1).padStart(5, "0")}`,
    currency,
    amount: "10.00",
  }))
