import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { encodeBody, decodeForm } from "../../gateway/codecs"
import { OPERATION_TABLE, type Encoding, type Operation } from "../../gateway/operations-table"
import { parseHostedPage } from "../../gateway/hosted-page"
import { sign } from "../../gateway/signing"
import { startSandbox, type Sandbox, type SandboxOptionsInput } from "../index"

/** Test helpers: signed calls with the shared signing code, a notification receiver, a "browser". */
export const M = "1000001"
export const AUTH = "100000101"
export const SALE = "100000102"
export const LIVE = "100000109"
export const KEYS: Record<string, string> = {
  [AUTH]: "sandbox-key-1",
  [SALE]: "sandbox-key-2",
  [LIVE]: "sandbox-key-live",
}

type Payload = Record<string, unknown>

export function signed(op: Operation, payload: Payload, key = KEYS[String(payload.account_id)]): Payload {
  return { ...payload, encryption_data: sign(payload, OPERATION_TABLE[op].sign, key) }
}

export interface Answer {
  status: number
  text: string
  body: any
  headers: Headers
}

export async function post(
  url: string,
  body: string,
  contentType = "application/x-www-form-urlencoded",
): Promise<Answer> {
  const res = await fetch(url, { method: "POST", body, headers: { "content-type": contentType }, redirect: "manual" })
  const text = await res.text()
  let parsed: unknown = undefined
  try {
    parsed = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, body: parsed, headers: res.headers }
}

/** Call an operation, signed unless the payload already has encryption_data; default encoding = the documented one. */
export async function call(sb: Sandbox, op: Operation, payload: Payload, encoding?: Encoding): Promise<Answer> {
  const body = "encryption_data" in payload ? payload : signed(op, payload)
  const enc = encoding ?? OPERATION_TABLE[op].encoding
  // The gateway's examples label every body form-urlencoded; the sandbox must not care.
  return post(`${sb.url}${OPERATION_TABLE[op].path}`, encodeBody(enc, body), "application/x-www-form-urlencoded")
}

let orderSeq = 0
export const orderNo = (prefix = "ORD") =>
  `${prefix}${Date.now().toString(36)}${++orderSeq}`.replace(/[^0-9A-Za-z]/g, "")

export function checkoutPayload(extra: Payload = {}, account = AUTH): Payload {
  return {
    merchant_id: M,
    account_id: account,
    order_no: orderNo(),
    currency: "USD",
    amount: "25.00",
    item_total: "20.00",
    shipping: "5.00",
    items: "Mug#,#SKU1#,#10.00#,#2",
    shopper_email: "shopper@example.com",
    shopper_phone: "+15550100",
    first_name: "Ada",
    last_name: "Lovelace",
    website: "https://shop.example.com",
    return_url: "https://shop.example.com/return",
    cancel_url: "https://shop.example.com/cancel",
    delivery_firstname: "Ada",
    delivery_lastname: "Lovelace",
    delivery_country: "GB",
    delivery_city: "London",
    delivery_address: "1 Example St",
    delivery_postal_code: "N1 1AA",
    delivery_state: "LDN",
    open3d: "do3DS",
    checkout_time: 1_700_000_000,
    ...extra,
  }
}

const ids = { merchant_id: M, account_id: AUTH }
const batchOrder = { transaction_id: "T999", order_no: "NOSUCHORDER1", currency: "USD", amount: "25.00" }

/** A payload each operation would take in its documented encoding (it may name an order that does not exist). */
export function payloadFor(op: Operation): Record<string, unknown> {
  switch (op) {
    case "checkout":
      return checkoutPayload()
    case "authorise":
      return { ...checkoutPayload(), payment_method: "PIX" }
    case "retrievalTrans":
    case "retrievalRefund":
      return { ...ids, orders: "NOSUCHORDER1" }
    case "payout":
      return {
        ...ids,
        request_id: "0b7e3f1c-5a2d-4c1e-9f0a-1d2e3f4a5b6c",
        payment_amount: "100.00",
        payment_currency: "EUR",
        beneficiary: { first_name: "Grace", last_name: "Hopper", bank_details: { iban: "DE89370400440532013000" } },
      }
    case "review":
      return { ...ids, review_orders: [{ ...batchOrder, review_flag: "1" }] }
    case "refund":
      return { ...ids, refund_orders: [{ ...batchOrder, refund_amount: "1.00" }] }
    default:
      return { ...ids, [OPERATION_TABLE[op].batch!.array]: [batchOrder] }
  }
}

/** Create a hosted-page order; returns the parsed loading page and the order's transaction id. */
export async function createCheckout(sb: Sandbox, extra: Payload = {}, account = AUTH) {
  const payload = checkoutPayload(extra, account)
  const res = await call(sb, "checkout", payload)
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${res.text}`)
  const page = parseHostedPage(res.text, sb.url)
  const order = sb.inspect.order({ order_no: String(payload.order_no) })!
  return { payload, res, page, order, transaction_id: order.transaction_id }
}

/** What a browser does with the loading page: POST its fields (static + script-appended) to its action. */
export async function followLoadingPage(page: ReturnType<typeof parseHostedPage>): Promise<Answer> {
  return post(page.form.action, new URLSearchParams(page.form.fields).toString())
}

/** Action URL of the first form of a page. */
export function formAction(html: string): string {
  const m = /<form[^>]*action="([^"]+)"/.exec(html)
  if (!m) throw new Error("page has no form")
  return m[1].replace(/&amp;/g, "&")
}

export const submit = (action: string, fields: Record<string, string>) =>
  post(action, new URLSearchParams(fields).toString())

/** Full browser flow: loading page → card page → card form → (challenge) → redirect. */
export async function payInBrowser(
  sb: Sandbox,
  card: string,
  opts: { code?: string; extra?: Payload; account?: string } = {},
) {
  const c = await createCheckout(sb, opts.extra, opts.account)
  const cardPage = await followLoadingPage(c.page)
  let res = await submit(formAction(cardPage.text), {
    card_number: card,
    expiry: "12/39",
    cvv: "123",
    card_holder: "Ada",
    action: "pay",
  })
  let challenge: Answer | undefined
  if (res.status === 200 && /3-D Secure/.test(res.text)) {
    challenge = res
    res = await submit(formAction(res.text), { code: opts.code ?? "1234" })
  }
  return { ...c, cardPage, challenge, final: res, after: sb.inspect.order({ transaction_id: c.transaction_id })! }
}

export interface Receiver {
  url: string
  received: Array<{ body: Record<string, unknown>; at: number; status: number }>
  close(): Promise<void>
}

/** A merchant notify_url: answers the statuses of `plan` in turn, then 200 "success". */
export async function startReceiver(plan: number[] = []): Promise<Receiver> {
  const received: Receiver["received"] = []
  let i = 0
  const server: Server = createServer((req, res) => {
    let raw = ""
    req.on("data", (c) => (raw += c))
    req.on("end", () => {
      const status = plan[i++] ?? 200
      received.push({ body: decodeForm(raw), at: Date.now(), status })
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "success" : "error")
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

export const waitFor = async (cond: () => boolean, ms = 3_000) => {
  const until = Date.now() + ms
  while (!cond()) {
    if (Date.now() > until) throw new Error("condition not met in time")
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** Fast notification timings for tests. */
export const FAST_NOTIFY = { initial_delay_ms: 1, backoff_base_ms: 10, backoff_factor: 2, jitter: 0, max_attempts: 5 }

export interface SandboxSuite {
  sb: Sandbox
  receiver: Receiver
}

/**
 * The sandbox and notify receiver of one spec file: started before its tests (on a free port, with
 * FAST_NOTIFY unless `options` says otherwise) and stopped after them; `use` gets them once started.
 */
export function sandboxSuite(options: SandboxOptionsInput, use: (suite: SandboxSuite) => void): void {
  let suite: SandboxSuite | undefined
  beforeAll(async () => {
    const receiver = await startReceiver()
    suite = { receiver, sb: await startSandbox({ port: 0, notifications: FAST_NOTIFY, ...options }) }
    use(suite)
  })
  afterAll(async () => {
    await suite?.sb.stop()
    await suite?.receiver.close()
  })
}
