/**
 * P1 gateway call overhead: the provider's initiatePayment (snapshot check, mapping, signing,
 * encoding, HTTP, parsing the hosted page) against a raw HTTP POST of the identical bytes to
 * the same sandbox, alternated call by call, median over N calls each. Target ≤ 1.10×.
 *
 *   npx tsx bench/p1-gateway-overhead.ts [calls=1000]
 *
 * The sandbox runs in its own process (its CLI), as a real gateway would, so its work does
 * not share our event loop. Each call creates a new gateway order on both sides (the raw
 * bytes are those the provider produced for another order), so the sandbox does equal work.
 */
import "./lib/quiet"
import { spawn } from "node:child_process"
import path from "node:path"
import { AcquiringHostedService } from "../src/providers/acquiring"
import { buildSnapshot } from "../src/lib/acquiring/snapshot/build"
import { sealSnapshot, snapshotKey } from "../src/lib/acquiring/snapshot/seal"
import { SNAPSHOT_KEY } from "../src/lib/acquiring/snapshot/storefront-data"
import { median, ms, runAlone, type BenchRow } from "./lib/report"

const ROOT = path.resolve(__dirname, "..")
const SECRET = "bench-snapshot-secret-0123456789abcdef"

async function startSandboxProcess(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/sandbox/cli.ts", "--port", "0", "--quiet", "--json"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (d) => resolve(JSON.parse(String(d)).url))
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}`)))
  })
  return { url, stop: () => child.kill("SIGTERM") }
}

/** The integration tests' cart: two mugs, a tee, shipping, a 5.00 promotion (32.89 EUR). */
const CART = {
  id: "cart_bench",
  currency_code: "eur",
  email: "ada@shop.test",
  total: 32.89,
  item_subtotal: 32.99,
  shipping_subtotal: 4.9,
  tax_total: 0,
  items: [
    {
      id: "item_1",
      title: "Mug",
      product_title: "Mug",
      variant_title: "One",
      variant_sku: "MUG-1",
      unit_price: 12.5,
      quantity: 2,
      requires_shipping: true,
    },
    {
      id: "item_2",
      title: "T-Shirt",
      product_title: "T-Shirt",
      variant_title: "One",
      variant_sku: "TEE-1",
      unit_price: 7.99,
      quantity: 1,
      requires_shipping: true,
    },
  ],
  shipping_address: {
    first_name: "Ada",
    last_name: "Lovelace",
    address_1: "Unter den Linden 1",
    city: "Berlin",
    postal_code: "10117",
    country_code: "de",
  },
  billing_address: {
    first_name: "Ada",
    last_name: "Lovelace",
    address_1: "Unter den Linden 1",
    city: "Berlin",
    postal_code: "10117",
    country_code: "de",
  },
  promotions: [{ code: "SAVE5", application_method: { type: "fixed" } }],
}

/** A Medusa-like session id (payses_ + 26 of [0-9A-Z]), unique per side and call. */
const RUN = Date.now().toString(36).toUpperCase().slice(-6)
const sessionId = (tag: string, i: number) =>
  `payses_01${tag}${RUN}${String(i).padStart(24 - tag.length - RUN.length, "0")}`

function provider(url: string, fetchImpl?: typeof fetch) {
  const logger = { info() {}, warn() {}, error() {}, debug() {} }
  // The payment module's session service, as the provider reads a session's collection (an indexed row in a real app).
  const paymentSessionService = { retrieve: async (id: string) => ({ id, payment_collection_id: "paycol_bench" }) }
  return new AcquiringHostedService({ logger, paymentSessionService } as never, {
    merchant_id: "1000001",
    accounts: [{ account_id: "100000101", sign_key: "sandbox-key-1" }],
    test_base_url: url,
    store_url: "http://localhost:9000",
    allowed_return_origins: ["http://shop.test"],
    default_return_url: "http://shop.test/checkout/return",
    snapshot_secret: SECRET,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  })
}

export async function runP1(calls = 1_000): Promise<BenchRow[]> {
  const sandbox = await startSandboxProcess()
  try {
    const sealed = sealSnapshot(
      buildSnapshot({
        cart: CART as never,
        payment_collection_id: "paycol_bench",
        past_orders: [],
        storefront: {},
        request_ip: "127.0.0.1",
      }),
      snapshotKey({ snapshot_secret: SECRET, accounts: [] }),
    )
    const input = (id: string) => ({
      amount: 32.89,
      currency_code: "eur",
      data: { session_id: id, [SNAPSHOT_KEY]: sealed },
      context: { idempotency_key: id },
    })

    // The raw side's bytes: what the provider sends, recorded by a fetch that does not send.
    const page = await (await fetch(`${sandbox.url}/__sandbox`)).text()
    const recorded: Array<{ body: string; headers: Headers }> = []
    const recorder = provider(sandbox.url, (async (_u: unknown, init: RequestInit) => {
      recorded.push({ body: String(init.body), headers: new Headers(init.headers) })
      return new Response(CANNED_PAGE, { status: 200 })
    }) as typeof fetch)
    const warm = 100
    for (let i = 0; i < calls + warm; i++)
      await recorder.initiatePayment(input(sessionId("RAW", i)) as never).catch(() => {})
    if (recorded.length !== calls + warm)
      throw new Error(`recorded ${recorded.length} requests; page check: ${page.slice(0, 80)}`)

    const real = provider(sandbox.url)
    const rawTimes: number[] = []
    const providerTimes: number[] = []
    for (let i = 0; i < calls + warm; i++) {
      let t = performance.now()
      const res = await fetch(`${sandbox.url}/v1/checkout`, {
        method: "POST",
        headers: recorded[i].headers,
        body: recorded[i].body,
      })
      const html = await res.text()
      if (res.status !== 200 || !html.includes("<form"))
        throw new Error(`raw checkout answered ${res.status}: ${html.slice(0, 200)}`)
      if (i >= warm) rawTimes.push(performance.now() - t)
      t = performance.now()
      await real.initiatePayment(input(sessionId("PRV", i)) as never)
      if (i >= warm) providerTimes.push(performance.now() - t)
    }
    const p = median(providerTimes)
    const r = median(rawTimes)
    const ratio = p / r
    return [
      {
        id: "P1",
        what: `gateway call overhead (initiatePayment vs raw POST, ${calls} calls each)`,
        measured: `median ${ms(p)} vs raw ${ms(r)}`,
        value: `${ratio.toFixed(2)}×`,
        target: "≤ 1.10×",
        pass: ratio <= 1.1,
      },
    ]
  } finally {
    sandbox.stop()
  }
}

/** A minimal hosted page for the recording pass (its answer is not measured). */
const CANNED_PAGE = `<!DOCTYPE html><html><head><title>Loading</title></head><body><form action="/v1/checkout" method="post"><input type="hidden" name="gbc_id" value="x"></form></body></html>`

if (require.main === module) runAlone(() => runP1(Number(process.argv[2] ?? 1_000)))
