/**
 * The `integration:starter` suite for one Medusa version: Medusa's official starter (medusajs/dtc-starter, a
 * pnpm workspace) with docs/storefront-dtc-starter.md's backend and storefront steps done by
 * scripts/starter-app.js (jest's globalSetup of this kind). Here, as the guide's 2.5 runs it: a fresh
 * database, `medusa db:migrate` (the starter's seed, with our provider in its region), `medusa user`, the
 * installed package's `acquiring-sandbox`, and the backend with `medusa develop` (the guide's `pnpm dev`:
 * the admin served by Vite from the workspace's node_modules, where pnpm's linking decides which React,
 * router and query client the plugin's admin pages get).
 *
 * The storefront's checkout is the guide's storefront code without Next.js (a production build takes
 * minutes): the storefront's own installed `@medusajs/js-sdk` makes the cart and starts the session, as the
 * starter's data layer does, and the storefront's installed kit, `medusa-plugin-acquiring-storefront`,
 * finds the started payment and the hosted page (3.7's `findStartedPayment` and `sendShopper`'s fetch) and
 * completes the cart (3.3/3.4's `completeCart`, retried as the return page does); the card page is posted
 * over HTTP. Then the admin in Chromium: the order page's widget, Payouts, Awaiting capture and Settings →
 * Acquiring gateway, each with its own heading and none of the crashes of #27, screenshots kept in
 * node_modules/.cache/starter-screens/<version>/.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { Client } from "pg"
import type { Page } from "playwright-core"
import { starterWorkspace } from "../../scripts/starter-app"
import { newPerson, type Person } from "../browser/helpers/chromium"
import { payOnHostedPage } from "../http/helpers/browser"
import { freePort, stopGroup, waitHealthy } from "../helpers/child-process"
import { databaseUrl, recreateDatabase, startSandbox, type Child } from "../install/store-process"

const HOSTED = "pp_acquiring_acquiring"
const ADMIN = { email: "admin@test.com", password: "supersecret" } // the guide's 2.5
const STOREFRONT = "http://localhost:8000" // the guide's ACQUIRING_STOREFRONT_URL (no storefront server runs)
const SCREENS =
  process.env.ACQUIRING_STARTER_SCREENS ||
  path.resolve(__dirname, "..", "..", "node_modules", ".cache", "starter-screens")
/** What the dashboard shows when an extension crashed (#27): its error page, and the two causes seen there. */
const CRASHED = /An error occurred|No QueryClient set|useNavigate\(\) may be used only/

/** The environment of the starter's processes: jest's own variables left out, Medusa's development mode. */
function childEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true", ...extra, NODE_ENV: "development" }
  for (const k of ["TEST_TYPE", "NODE_OPTIONS", "JEST_WORKER_ID"]) delete env[k]
  return env
}

/** Output kept for a failure's message (the tail only). */
function tailOf(child: ChildProcess, keep = 80): () => string {
  const lines: string[] = []
  const add = (b: Buffer) => {
    lines.push(...b.toString().split("\n"))
    lines.splice(0, Math.max(0, lines.length - keep))
  }
  child.stdout?.on("data", add)
  child.stderr?.on("data", add)
  return () => lines.join("\n")
}

/** `medusa <args>` in apps/backend through its node_modules/.bin (what `pnpm medusa …` runs), to completion. */
function medusa(backend: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(backend, "node_modules", ".bin", "medusa"), args, {
      cwd: backend,
      env: childEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    })
    const tail = tailOf(child)
    child.once("error", reject)
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`medusa ${args.join(" ")} failed (${code}):\n${tail()}`)),
    )
  })
}

/** `medusa develop` (the starter's `pnpm dev`) on env.PORT; resolves once /health answers. */
async function develop(
  backend: string,
  env: NodeJS.ProcessEnv & { PORT: string },
): Promise<Child & { output(): string }> {
  const child = spawn(path.join(backend, "node_modules", ".bin", "medusa"), ["develop"], {
    cwd: backend,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  const output = tailOf(child, 200)
  const url = `http://localhost:${env.PORT}`
  await waitHealthy(child, url, { what: "medusa develop", timeoutMs: 300_000, output })
  return { url, output, stop: () => stopGroup(child) }
}

async function publishableKey(database: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl(database) })
  await client.connect()
  try {
    const { rows } = await client.query("select token from api_key where type = 'publishable' and revoked_at is null")
    if (!rows[0]) throw new Error("the starter's seed made no publishable key")
    return rows[0].token
  } finally {
    await client.end()
  }
}

/** The storefront's installed copy of a package (apps/storefront's node_modules, as Next.js resolves it). */
function fromStorefront<T>(storefront: string, id: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve(id, { paths: [storefront] })) as T
}

type Kit = typeof import("../../src/storefront")

export function starterSuite(version: string): void {
  const root = starterWorkspace(version)
  const backend = path.join(root, "apps", "backend")
  const storefront = path.join(root, "apps", "storefront")
  const db = `acq_starter_${version.replace(/\./g, "_")}_${process.pid}`
  const screens = path.join(SCREENS, version)
  const env: NodeJS.ProcessEnv & { PORT: string } = { PORT: "", DATABASE_URL: databaseUrl(db) }
  const took: string[] = []
  let sandbox: Child | undefined
  let server: (Child & { output(): string }) | undefined
  let merchant: Person | undefined
  let orderId = ""

  const timed = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
    const t0 = Date.now()
    const out = await step()
    took.push(`${what} ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    return out
  }

  beforeAll(async () => {
    const prepared = path.join(root, ".acquiring-timings.json")
    if (!fs.existsSync(prepared)) throw new Error(`no prepared starter in ${root}: run node scripts/starter-app.js`)
    took.push(`prepared ${fs.readFileSync(prepared, "utf8")}`)
    const installed = JSON.parse(
      fs.readFileSync(path.join(backend, "node_modules/@medusajs/medusa/package.json"), "utf8"),
    )
    expect(installed.version).toBe(version)
    fs.rmSync(screens, { recursive: true, force: true })
    fs.mkdirSync(screens, { recursive: true })

    await recreateDatabase(db)
    sandbox = await startSandbox(backend)
    const port = String(await freePort())
    const origin = `http://localhost:${port}`
    // The guide's table of ports: the backend's port moves its origin in ADMIN_CORS and AUTH_CORS and
    // ACQUIRING_STORE_URL with it; the sandbox's moves ACQUIRING_TEST_URL. The rest is the guide's .env.
    Object.assign(env, {
      PORT: port,
      ADMIN_CORS: origin,
      AUTH_CORS: origin,
      ACQUIRING_STORE_URL: origin,
      ACQUIRING_TEST_URL: sandbox.url,
    })
    await timed("db:migrate", () => medusa(backend, ["db:migrate"], env))
    await timed("user", () => medusa(backend, ["user", "-e", ADMIN.email, "-p", ADMIN.password], env))
    server = await timed("boot", () => develop(backend, env))
  }, 900_000)

  afterAll(async () => {
    process.stderr.write(`dtc-starter ${version}: ${took.join(", ")}\n`)
    await merchant?.close()
    await server?.stop()
    await sandbox?.stop()
    await recreateDatabase(db, true)
  }, 120_000)

  it(`Medusa ${version}: the storefront's kit links nothing of the backend (no peers for pnpm#11155 to fill)`, () => {
    const kit = fs.realpathSync(path.join(storefront, "node_modules", "medusa-plugin-acquiring-storefront"))
    // pnpm's folder of the kit holds it and what it was linked to: zod alone.
    expect(fs.readdirSync(path.dirname(kit)).sort()).toEqual(["medusa-plugin-acquiring-storefront", "zod"])
    expect(fs.existsSync(path.join(storefront, "node_modules", "medusa-plugin-acquiring"))).toBe(false)
  })

  it(`Medusa ${version}: the storefront's checkout (its js-sdk and its copy of the kit) places an order paid on the card page`, async () => {
    const t0 = Date.now()
    const store = { baseUrl: server!.url, publishableKey: await publishableKey(db) }
    const kit = fromStorefront<Kit>(storefront, "medusa-plugin-acquiring-storefront")
    const { default: Medusa } = fromStorefront<{ default: new (o: object) => any }>(storefront, "@medusajs/js-sdk")
    const sdk = new Medusa({ baseUrl: store.baseUrl, publishableKey: store.publishableKey })

    // The starter's storefront: the region of /dk, a product, the cart, its address and shipping.
    const { regions } = await sdk.store.region.list()
    const region = regions.find((r: any) => r.countries?.some((c: any) => c.iso_2 === "dk"))
    expect(region?.payment_providers?.map((p: any) => p.id) ?? [HOSTED]).toContain(HOSTED)
    const { products } = await sdk.store.product.list({ region_id: region.id, fields: "*variants" })
    const variant = products[0].variants[0]
    let { cart } = await sdk.store.cart.create({ region_id: region.id, email: "shopper@starter.test" })
    await sdk.store.cart.createLineItem(cart.id, { variant_id: variant.id, quantity: 1 })
    const address = {
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "Nørregade 1",
      city: "København",
      postal_code: "1165",
      country_code: "dk",
      phone: "+4512345678",
    }
    await sdk.store.cart.update(cart.id, { shipping_address: address, billing_address: address })
    const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
    expect(shipping_options.length).toBeGreaterThan(0)
    ;({ cart } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id }))

    // The payment step (3.6): our provider, with the return address and the shopper's device.
    const device = kit.collectDevice({
      navigator: { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/143.0", language: "da-DK" },
      screen: { width: 1280, height: 900, colorDepth: 24 },
      timeZone: "Europe/Copenhagen",
    } as Parameters<Kit["collectDevice"]>[0])
    await sdk.store.payment.initiatePaymentSession(cart, {
      provider_id: HOSTED,
      data: { return_url: `${STOREFRONT}/dk/acquiring-return/${cart.id}`, device },
    })

    // Place order (3.7): the started payment, its hosted page; the shopper pays on the gateway's card page.
    ;({ cart } = await sdk.store.cart.retrieve(cart.id, { fields: "*payment_collection.payment_sessions" }))
    const started = kit.findStartedPayment(cart.payment_collection?.payment_sessions)
    if (started?.kind !== "hosted_page") throw new Error(`no started hosted-page payment: ${JSON.stringify(started)}`)
    const page = await kit.getHostedPage(store, started)
    expect(page.form.action.startsWith(sandbox!.url)).toBe(true)
    const paid = await payOnHostedPage(page.form, { number: "4111111111111111" })
    expect(paid.returnedTo).toContain(`${STOREFRONT}/dk/acquiring-return/${cart.id}`)

    // The return page (3.3, 3.4): completeCart until an order, a second apart, at most 30 times.
    let outcome: Awaited<ReturnType<Kit["completeCart"]>> = { type: "retry", reason: "pending" } as never
    for (let attempt = 1; attempt <= 30; attempt++) {
      outcome = await kit.completeCart(store, cart.id)
      if (outcome.type !== "retry") break
      await new Promise((r) => setTimeout(r, 1000))
    }
    if (outcome.type !== "order") throw new Error(`the return page's outcome: ${JSON.stringify(outcome)}`)
    orderId = outcome.order.id
    took.push(`checkout ${((Date.now() - t0) / 1000).toFixed(0)} s`)
  })

  describe("the admin in Chromium after the storefront step", () => {
    const tAdmin = { t0: 0 }
    beforeAll(async () => {
      tAdmin.t0 = Date.now()
      merchant = await newPerson()
      // The dashboard's first visit makes Vite prepare it (minutes on a busy machine).
      merchant.page.setDefaultTimeout(300_000)
      await merchant.page.goto(`${server!.url}/app/login`)
      await merchant.page.fill("input[name=email]", ADMIN.email)
      await merchant.page.fill("input[name=password]", ADMIN.password)
      await merchant.page.click("button[type=submit]")
      await merchant.page.waitForURL((u) => !u.pathname.endsWith("/login"))
      merchant.page.setDefaultTimeout(120_000)
      took.push(`admin login ${((Date.now() - tAdmin.t0) / 1000).toFixed(0)} s`)
    }, 600_000)
    afterAll(() => {
      took.push(`admin pages ${((Date.now() - tAdmin.t0) / 1000).toFixed(0)} s`)
    })

    /**
     * Opens `route`, waits for `heading` (or the crash), then `within` on a page that did not crash; keeps a
     * screenshot either way, and checks nothing crashed.
     */
    async function opens(route: string, heading: string, shot: string, within?: (p: Page) => Promise<void>) {
      const page = merchant!.page
      await page.goto(`${server!.url}/app${route}`)
      const own = page.getByRole("heading", { name: heading, exact: true })
      await own.or(page.getByText(CRASHED)).first().waitFor()
      await page.waitForLoadState("networkidle").catch(() => {})
      const crashed = CRASHED.test(await page.locator("body").innerText())
      try {
        if (!crashed && within) await within(page)
      } finally {
        await page.screenshot({ path: path.join(screens, `${shot}.png`), fullPage: true })
      }
      expect(await page.locator("body").innerText()).not.toMatch(CRASHED)
      await own.first().waitFor({ timeout: 1_000 })
      expect(merchant!.problems.filter((p) => CRASHED.test(p))).toEqual([])
    }

    it("the order page shows the plugin's widget with the gateway's view of the payment", async () => {
      expect(orderId).toMatch(/^order_/)
      await opens(`/orders/${orderId}`, "Acquiring gateway", "1-order-widget", async (page) => {
        const widget = page.getByRole("heading", { name: "Acquiring gateway", exact: true }).locator("xpath=../..")
        await widget.scrollIntoViewIfNeeded() // the dashboard scrolls inside its own pane
        await widget.getByText("authorized (2000)").waitFor() // the gateway's status of the payment
      })
    })

    it("Payouts renders", async () => {
      await opens("/payouts", "Payouts", "2-payouts")
    })

    it("Awaiting capture renders, listing the authorised order", async () => {
      await opens("/acquiring", "Awaiting capture", "3-awaiting-capture", async (page) => {
        await page
          .getByRole("checkbox", { name: /^Select order \d+$/ })
          .first()
          .waitFor()
      })
    })

    it("Settings → Acquiring gateway renders with the configured account", async () => {
      await opens("/settings/acquiring", "Acquiring gateway", "4-settings-acquiring", async (page) => {
        await page.getByRole("cell", { name: "100000101" }).waitFor()
      })
    })
  })
}
