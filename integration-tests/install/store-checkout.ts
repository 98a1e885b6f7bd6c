/**
 * The `integration:install` suite for one Medusa version: the fresh store that scripts/install-app.js made
 * (packed plugin installed without --legacy-peer-deps, README's medusa-config.ts) on its own database,
 * `medusa db:migrate`, an admin user with `medusa user`, `medusa start`, the installed package's sandbox;
 * then a shopper's checkout through the Store API whose notification, not the shopper's return, places the
 * order.
 */
import fs from "node:fs"
import path from "node:path"
import { storeProject } from "../../scripts/install-app"
import { seedCatalog } from "../../scripts/demo/store-seed"
import type { Seed } from "../http/helpers/acquiring-seed"
import { cartWithShipping, completeCart, DEVICE, startSession } from "../http/helpers/acquiring-store"
import { payOnHostedPage } from "../http/helpers/browser"
import { databaseUrl, freePort, medusa, recreateDatabase, startMedusa, startSandbox, type Child } from "./store-process"

const HOSTED = "pp_acquiring_acquiring"
const ADMIN = { email: "admin@shop.test", password: "install-test-password-1" }

/** Medusa's routes as the seed and store helpers call them (axios-style: a non-2xx throws with .response). */
function httpApi(base: string) {
  const call = async (method: string, url: string, body: unknown, config?: unknown) => {
    const headers = { "content-type": "application/json", ...(config as { headers?: object })?.headers }
    const res = await fetch(base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const data = await res.json().catch(() => null)
    if (!res.ok) {
      throw Object.assign(new Error(`${method} ${url}: ${res.status} ${JSON.stringify(data)}`), {
        response: { status: res.status, data },
      })
    }
    return { status: res.status, data }
  }
  return {
    get: (url: string, config?: unknown) => call("GET", url, undefined, config),
    post: (url: string, body: unknown = {}, config?: unknown) => call("POST", url, body, config),
  }
}

/** The sandbox's deliveries for one gateway order (its inspection route). */
async function deliveries(sandboxUrl: string, orderNo: string) {
  const res = await fetch(`${sandboxUrl}/__sandbox/notifications`)
  const all = (await res.json()) as Array<{
    url: string
    state: string
    payload: any
    attempts: Array<{ status?: number }>
  }>
  return all.filter((n) => n.payload.order_no === orderNo)
}

export function installedStoreSuite(version: string): void {
  let dir = ""
  const db = `acq_install_${version.replace(/\./g, "_")}_${process.pid}`
  const env: NodeJS.ProcessEnv = { NODE_ENV: "development", DATABASE_URL: databaseUrl(db), LOG_LEVEL: "warn" }
  let sandbox: Child | undefined
  let server: Child | undefined
  let api: ReturnType<typeof httpApi>
  let seed: Seed

  beforeAll(async () => {
    // scripts/install-app.js (jest's globalSetup of this kind) installed the store's tree.
    dir = storeProject(version)
    const installed = JSON.parse(fs.readFileSync(path.join(dir, "node_modules/@medusajs/medusa/package.json"), "utf8"))
    expect(installed.version).toBe(version)
    await recreateDatabase(db)
    sandbox = await startSandbox(dir)
    const port = String(await freePort())
    // README's .env (written into the store) with the addresses this run picked; the dashboard is off
    // because `medusa start` would need `medusa build`'s admin bundle and this kind tests the Store API.
    Object.assign(env, {
      PORT: port,
      ACQUIRING_STORE_URL: `http://localhost:${port}`,
      ACQUIRING_TEST_URL: sandbox.url,
      ACQUIRING_STOREFRONT_URL: "https://shop.example",
      DISABLE_MEDUSA_ADMIN: "true",
      STORE_CORS: "https://shop.example",
      ADMIN_CORS: "https://shop.example",
      AUTH_CORS: "https://shop.example",
    })
    // How long each step of a store's first day takes, printed for CI's time budget.
    const took: string[] = []
    const timed = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
      const t0 = Date.now()
      const out = await step()
      took.push(`${what} ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      return out
    }
    await timed("db:migrate", () => medusa(dir, ["db:migrate"], env))
    await timed("user", () => medusa(dir, ["user", "-e", ADMIN.email, "-p", ADMIN.password], env))
    server = await timed("start", () => startMedusa(dir, env as NodeJS.ProcessEnv & { PORT: string }))
    process.stderr.write(`Medusa ${version} store: ${took.join(", ")}\n`)
    api = httpApi(server.url)
    const { token } = (await api.post("/auth/user/emailpass", ADMIN)).data
    const admin = { headers: { authorization: `Bearer ${token}` } }
    const { publishable_key: _key, ...catalog } = await seedCatalog(api, admin, { providers: [HOSTED] })
    seed = { admin, ...catalog }
  })

  afterAll(async () => {
    await server?.stop()
    await sandbox?.stop()
    await recreateDatabase(db, true)
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it(`Medusa ${version} with the packed plugin: the notification places the order, completing the cart finds it`, async () => {
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, HOSTED, {
      device: DEVICE,
      return_url: "https://shop.example/checkout/return",
    })
    expect(session.data.form.action.startsWith(sandbox!.url)).toBe(true)
    const paid = await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    expect(paid.returnedTo).toContain("https://shop.example/checkout/return")

    // The shopper does not come back yet: the gateway's notification alone must place the order.
    let notes: Awaited<ReturnType<typeof deliveries>> = []
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      notes = await deliveries(sandbox!.url, session.data.order_no)
      if (notes.some((n) => n.state === "delivered" || n.state === "failed")) break
    }
    expect(notes.map((n) => ({ url: n.url, state: n.state, status: n.attempts.at(-1)?.status }))).toEqual([
      { url: `${env.ACQUIRING_STORE_URL}/hooks/acquiring/notify`, state: "delivered", status: 200 },
    ])
    const placed = (await api.get("/admin/orders?fields=id", seed.admin)).data.orders
    expect(placed).toHaveLength(1)

    // The shopper's return completes the cart: the same order, not a second one.
    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    expect(done.order.id).toBe(placed[0].id)
    const fields = "*payment_collections,*payment_collections.payments"
    const order = (await api.get(`/admin/orders/${done.order.id}?fields=${fields}`, seed.admin)).data.order
    expect(order.payment_collections).toHaveLength(1)
    expect(order.payment_collections[0].status).toBe("authorized")
    const [payment] = order.payment_collections[0].payments
    expect(payment.provider_id).toBe(HOSTED)
    expect(payment.captured_at).toBeNull()
    expect(String(payment.amount)).toBe(String(order.total))
  })
}
