import { randomBytes } from "node:crypto"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { seedCatalog } from "../../scripts/demo/store-seed"
import { PROVIDERS, type Seed } from "../http/helpers/acquiring-seed"
import { cartWithShipping, completeCart, DEVICE, startSession } from "../http/helpers/acquiring-store"
import { testPgEnv } from "../helpers/db-template"
import { acquiringProjectDir, medusaCommand, removeProjectDir } from "../reliability/medusa-process"
import { httpApi, type Api } from "../reliability/http-api"
import { countOrders, ordersPerCart, payments, tally, waitUntil, withDb } from "./helpers/checks"
import { startFanout, type Fanout } from "./helpers/fanout"
import { linesOf, startInstance, type Instance } from "./helpers/instances"
import { deleteNamespace } from "./helpers/redis"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { databaseUrl, ensureDatabase, dropDatabase } = require("../../scripts/demo/db")

/**
 * Scale-out: two server instances and one worker (`medusa start`, MEDUSA_WORKER_MODE) on one
 * PostgreSQL database and one Redis (event bus, locking, cache, workflow engine), with the sandbox.
 * Hosted-page checkouts through the Store API, spread over both servers; every notification is
 * sent twice by the sandbox and each copy reaches both servers at once; the scheduled
 * reconciliation (every minute) and background "sync now" runs go on meanwhile. Then every order
 * is captured by two bulk calls racing on both servers. Each cart must become exactly one order,
 * each payment be captured once (Medusa and gateway), and the job run once per tick, on the worker.
 * Last, a settings save on one server counts for the other's next session and the worker's next run.
 */
jest.setTimeout(900_000)

const N = Number(process.env.ACQ_MP_CHECKOUTS ?? 200)
const PARALLEL = Number(process.env.ACQ_MP_PARALLEL ?? 8)
const ADMIN = { email: "admin@scale.test", password: "scale-out-password-1" }
const JOB_LINE = /acquiring: reconciliation of (\S+) \(tick (\S+)\)/

const pgEnv = testPgEnv()
const DB_NAME = `acq_scaleout_${process.pid}`
const DB_URL: string = databaseUrl(pgEnv, DB_NAME)
const NS = `acqtest-${process.pid}-scaleout`
const REDIS_URL = process.env.ACQ_REDIS_URL ?? "redis://127.0.0.1:6379"

let sandbox: Sandbox
let fanout: Fanout
let dir: string
let instances: Instance[] = []
let servers: Array<{ name: string; api: Api }> = []
let seed: Seed

beforeAll(async () => {
  const t0 = Date.now()
  await deleteNamespace(REDIS_URL, NS)
  await dropDatabase(pgEnv, DB_NAME)
  await ensureDatabase(pgEnv, DB_NAME)
  sandbox = await startSandbox({
    host: "127.0.0.1",
    port: 0,
    seed: 11,
    request_log_size: 50_000,
    notifications: {
      initial_delay_ms: 100,
      backoff_base_ms: 1_000,
      backoff_max_ms: 8_000,
      max_attempts: 12,
      attempt_timeout_ms: 60_000,
    },
  })
  // Every notification twice (the second 5 ms after the first); the fan-out sends each copy to both servers.
  sandbox.faults.add({ target: "notifications", kind: "duplicate" })
  fanout = await startFanout()
  dir = acquiringProjectDir()
  const env = {
    DATABASE_URL: DB_URL,
    ACQUIRING_TEST_REDIS: "1",
    ACQ_REDIS_URL: REDIS_URL,
    ACQ_REDIS_NS: NS,
    ACQ_SANDBOX_URL: sandbox.url,
    ACQ_STORE_URL: fanout.url,
    ACQ_RECONCILE_JOB: "on",
    ACQ_RECONCILE_INTERVAL_MINUTES: "1",
    MEDUSA_DISABLE_TELEMETRY: "true",
  }
  await medusaCommand(dir, ["db:migrate"], env)
  await medusaCommand(dir, ["user", "-e", ADMIN.email, "-p", ADMIN.password], env)
  instances = await Promise.all([
    startInstance(dir, "server-a", "server", env),
    startInstance(dir, "server-b", "server", env),
    startInstance(dir, "worker", "worker", env),
  ])
  servers = instances.filter((i) => i.mode === "server").map((i) => ({ name: i.name, api: httpApi(i.url) }))
  fanout.setTargets(servers.map((s) => instances.find((i) => i.name === s.name)!.url))
  const api = servers[0].api
  const { data } = await api.post("/auth/user/emailpass", ADMIN)
  const admin = { headers: { authorization: `Bearer ${data.token}` } }
  const { publishable_key: _key, ...catalog } = await seedCatalog(api, admin, { providers: Object.values(PROVIDERS) })
  seed = { admin, ...catalog }
  console.log(`scale-out: database, 3 instances and the seed ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
}, 600_000)

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()))
  await fanout?.stop()
  await sandbox?.stop()
  if (dir) removeProjectDir(dir)
  await dropDatabase(pgEnv, DB_NAME).catch((e: Error) => console.error(`dropping ${DB_NAME}: ${e.message}`))
  await deleteNamespace(REDIS_URL, NS).catch((e: Error) => console.error(`redis cleanup: ${e.message}`))
}, 60_000)

interface Checkout {
  cart_id: string
  order_no: string
  via: string
}

/**
 * One shopper: cart on one server, payment session on the other, paid on the hosted page; every
 * other shopper also comes back to the store (completes the cart) while the notifications race.
 */
async function checkout(i: number): Promise<Checkout> {
  const [a, b] = i % 2 ? [servers[1], servers[0]] : [servers[0], servers[1]]
  const email = `mp-${i}-${randomBytes(4).toString("hex")}@shop.test`
  const cart = await cartWithShipping(a.api, seed, { email, promo: false })
  const { session } = await startSession(b.api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
  const order_no = session.data.order_no as string
  // The hosted page, stored by the session's server in the shared cache, comes from the other one too.
  const withToken = { headers: { ...seed.store.headers, "x-acquiring-page-token": session.data.hosted_page_token } }
  const { data: page } = await a.api.get(session.data.hosted_page_path, withToken)
  if (page.hosted_page.form.fields.orderNo !== order_no)
    throw new Error(`cart ${cart.id}: ${a.name} served another page`)
  sandbox.shopper.pay(order_no, { card: "4111111111111111" })
  if (i % 2 === 0) {
    const done = await completeCart(a.api, seed, cart.id)
    if (done.type !== "order") throw new Error(`cart ${cart.id}: ${JSON.stringify(done.error ?? done).slice(0, 300)}`)
  }
  return { cart_id: cart.id, order_no, via: i % 2 === 0 ? "return+notification" : "notification" }
}

it(`${N} hosted-page checkouts on 2 servers + 1 worker: one order per cart, one capture per payment, one job run per tick`, async () => {
  const t0 = Date.now()
  const done: Checkout[] = []
  const runs: Array<{ id: string; on: number }> = []
  let next = 0
  const lane = async () => {
    for (let i = next++; i < N; i = next++) {
      done.push(await checkout(i))
      // Halfway, "sync now" in the background on each server: queued for the worker.
      if (i === Math.floor(N / 2) || i === Math.floor(N / 2) + 1) {
        const s = i % 2
        const res = await servers[s].api.post("/admin/acquiring/reconcile", { background: true }, seed.admin)
        expect(res.status).toBe(202)
        runs.push({ id: res.data.run.id, on: s })
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, lane))
  const checkoutSeconds = (Date.now() - t0) / 1000

  // Every cart gets its order (notification, return or reconciliation, whichever wins).
  const carts = done.map((d) => d.cart_id)
  await waitUntil("an order for every cart", 120_000, async () =>
    withDb(DB_URL, async (c) => (await ordersPerCart(c, carts)).size === N),
  )
  await sandbox.notifications.settle(60_000)
  const ordersSeconds = (Date.now() - t0) / 1000

  // The background runs finished on the worker; each is read through the other server (the stored workflow).
  for (const r of runs) {
    await waitUntil(`run ${r.id}`, 120_000, async () => {
      const res = await servers[1 - r.on].api.get(`/admin/acquiring/reconcile/${r.id}`, seed.admin)
      return res.data.run.status === "done"
    })
  }

  // At least one scheduled tick ran during the test.
  const worker = instances.find((i) => i.mode === "worker")!
  await waitUntil("a scheduled reconciliation", 75_000, async () => linesOf(worker, JOB_LINE).length > 0)

  // Capture everything: the same orders sent to both servers at once, in opposite order.
  const orderIds = await withDb(DB_URL, async (c) =>
    (await c.query("select order_id from order_cart where cart_id = any($1)", [carts])).rows.map(
      (r) => r.order_id as string,
    ),
  )
  const captureT0 = Date.now()
  const [ra, rb] = await Promise.all([
    servers[0].api.post("/admin/acquiring/bulk/capture", { order_ids: orderIds }, seed.admin),
    servers[1].api.post("/admin/acquiring/bulk/capture", { order_ids: [...orderIds].reverse() }, seed.admin),
  ])
  const captureSeconds = (Date.now() - captureT0) / 1000
  const statusA = tally(ra.data.results.map((r: { status: string }) => r.status))
  const statusB = tally(rb.data.results.map((r: { status: string }) => r.status))

  // --- Figures ---
  const rows = await withDb(DB_URL, async (c) => ({
    perCart: await ordersPerCart(c, carts),
    orders: await countOrders(c),
    payments: await payments(c),
  }))
  const notes = sandbox.inspect.notifications()
  const captureRequests = sandbox.inspect.requests().filter((r) => r.path === "/v1/capture")
  const sentCaptures = captureRequests.flatMap((r) =>
    ((r.body?.capture_orders ?? []) as Array<{ transaction_id?: string }>).map((o) => o.transaction_id ?? ""),
  )
  const gatewayCaptures = rows.payments.map(
    (p) => sandbox.inspect.order(p.order_no)?.history.filter((h) => h.to === "paid").length ?? 0,
  )
  const jobLines = instances.map((i) => ({ name: i.name, lines: linesOf(i, JOB_LINE) }))
  const runsPerTick = tally(
    jobLines.flatMap((j) =>
      j.lines.map((l) => {
        const m = JOB_LINE.exec(l)!
        return `${m[1]}@${m[2]}`
      }),
    ),
  )
  const figures = {
    checkouts: N,
    parallel: PARALLEL,
    checkout_seconds: checkoutSeconds,
    all_orders_seconds: ordersSeconds,
    via: tally(done.map((d) => d.via)),
    orders_per_cart: tally([...rows.perCart.values()]),
    orders_total: rows.orders,
    payments_total: rows.payments.length,
    notifications_sent_by_sandbox: notes.length,
    notification_states: tally(notes.map((n) => n.state)),
    notification_attempts: notes.reduce((s, n) => s + n.attempts.length, 0),
    fanout: fanout.stats,
    background_runs: runs.length,
    bulk_capture_seconds: captureSeconds,
    bulk_capture_server_a: statusA,
    bulk_capture_server_b: statusB,
    medusa_captures_per_payment: tally(rows.payments.map((p) => p.captures)),
    gateway_captures_per_transaction: tally(gatewayCaptures),
    capture_entries_sent_to_gateway: sentCaptures.length,
    capture_requests_to_gateway: captureRequests.length,
    job_runs_per_instance: Object.fromEntries(jobLines.map((j) => [j.name, j.lines.length])),
    job_runs_per_config_and_tick: runsPerTick,
  }
  console.log(`scale-out figures:\n${JSON.stringify(figures, null, 2)}`)

  expect(rows.perCart.size).toBe(N)
  expect([...rows.perCart.values()].every((n) => n === 1)).toBe(true)
  expect(rows.orders).toBe(N)
  expect(rows.payments).toHaveLength(N)
  expect(notes.filter((n) => n.state !== "delivered")).toEqual([])
  expect(notes.length).toBeGreaterThanOrEqual(2 * N)
  expect(fanout.stats.forwarded).toBe(2 * fanout.stats.received)

  expect(ra.status).toBe(200)
  expect(rb.status).toBe(200)
  for (const o of orderIds) {
    const a = ra.data.results.find((r: { order_id: string }) => r.order_id === o).status
    const b = rb.data.results.find((r: { order_id: string }) => r.order_id === o).status
    expect([a, b].sort()).toEqual(["already_done", "captured"])
  }
  expect(rows.payments.every((p) => p.captures === 1 && p.captured_at)).toBe(true)
  expect(gatewayCaptures.every((n) => n === 1)).toBe(true)
  expect(tally(sentCaptures)).toEqual(Object.fromEntries(rows.payments.map((p) => [p.transaction_id, 1])))

  expect(jobLines.filter((j) => j.name !== "worker").every((j) => j.lines.length === 0)).toBe(true)
  expect(Object.keys(runsPerTick).length).toBeGreaterThan(0)
  expect(Object.values(runsPerTick).every((n) => n === 1)).toBe(true)
})

it("a setting saved through one server counts on the other and on the worker at once, without a restart", async () => {
  const [a, b] = servers
  const form = "/admin/acquiring/settings/acquiring/form"
  const before = (await b.api.get(form, seed.admin)).data.version as number
  const worker = instances.find((i) => i.mode === "worker")!
  const seen = linesOf(worker, JOB_LINE).length
  const title = `Wallet ${randomBytes(3).toString("hex")}`
  const values = { apm_methods: [{ method: "sandbox_wallet", title }], reconcile_complete_carts: false }
  const saved = await a.api.post("/admin/acquiring/settings/acquiring", { values }, seed.admin)
  expect([saved.status, saved.data.version]).toEqual([200, before + 1])

  // The other server's next session follows the new version (event bus on Redis, one database).
  expect((await b.api.get(form, seed.admin)).data.version).toBe(before + 1)
  const cart = await cartWithShipping(b.api, seed, { email: `mp-settings-${Date.now()}@shop.test`, promo: false })
  const { session } = await startSession(b.api, seed, cart.id, PROVIDERS.apm, {
    device: DEVICE,
    payment_method: "sandbox_wallet",
  })
  expect(session.data).toMatchObject({ payment_method_title: title, settings_version: before + 1 })

  // And the worker's next run: a paid cart whose notification was lost is reported, no longer completed.
  sandbox.faults.clear("notifications")
  sandbox.faults.add({ target: "notifications", kind: "drop" })
  const lost = await cartWithShipping(b.api, seed, { email: `mp-lost-${Date.now()}@shop.test`, promo: false })
  const paid = await startSession(b.api, seed, lost.id, PROVIDERS.hosted, { device: DEVICE })
  sandbox.shopper.pay(paid.session.data.order_no as string, { card: "4111111111111111" })
  const paidAt = new Date().toISOString().slice(0, 16)
  // The worker's runs since the save; one of a later tick than the payment's began after it.
  const runs = () =>
    linesOf(worker, JOB_LINE)
      .slice(seen)
      .filter((l) => JOB_LINE.exec(l)![1] === "acquiring")
  await waitUntil("the worker's next reconciliation", 180_000, async () =>
    runs().some((l) => JOB_LINE.exec(l)![2] > paidAt),
  )
  expect((await withDb(DB_URL, (c) => ordersPerCart(c, [lost.id]))).size).toBe(0)
  expect(runs().join("\n")).toContain("cart_paid_not_completed")
})
