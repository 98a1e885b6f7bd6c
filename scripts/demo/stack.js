/**
 * The whole demo store as one function, used by `npm run demo` and the browser tests:
 * PostgreSQL (machine or embedded), the sandbox gateway, the database (created, migrated,
 * seeded once), Medusa (`medusa start` of the repo root) and the storefront server.
 */
const net = require("node:net")
const { ensurePostgres } = require("../ensure-postgres")
const { databaseUrl, ensureDatabase, dropDatabase, readSeed } = require("./db")
const { migrate, createAdminUser, startMedusa } = require("./medusa-app")
const { startDemoSandbox } = require("./sandbox")
const { seedDemo, PROVIDERS } = require("./seed")
const { startStorefront } = require("./storefront-server")
const { stopAll } = require("./processes")

const DEFAULT_ADMIN = { email: "admin@acquiring.demo", password: "demo-admin-1234" }

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

function portInUse(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port })
    s.once("connect", () => (s.destroy(), resolve(true)))
    s.once("error", () => resolve(false))
  })
}

/**
 * @param {object} o
 * @param {number} [o.port] Medusa port (0 = free port)
 * @param {number} [o.sandboxPort] sandbox port (0 = free port)
 * @param {number} [o.storefrontPort] storefront port (0 = free port)
 * @param {string} o.dbName database name
 * @param {boolean} [o.dropAtStop] drop the database when stopping (tests)
 * @param {boolean} [o.adminUi] serve the admin dashboard (/app)
 * @param {{email: string, password: string}} [o.admin]
 * @param {(line: string) => void} [o.log]
 * @param {(line: string) => void} [o.backendLine] every line Medusa prints, unfiltered (tests read the log)
 * @param {string} [o.logLevel] Medusa's LOG_LEVEL (the integration tests' setup sets warn for their own process)
 */
async function startStack(o) {
  const log = o.log ?? (() => {})
  const admin = o.admin ?? DEFAULT_ADMIN
  const cleanups = []
  const stop = async () => {
    for (const fn of cleanups.reverse()) await fn().catch((e) => log(`stop: ${e.message}`))
    cleanups.length = 0
    await stopAll()
  }
  try {
    const port = o.port || (await freePort())
    if (await portInUse(port)) throw new Error(`port ${port} is taken: set PORT to a free port`)
    const pg = await ensurePostgres({ log })
    cleanups.push(() => pg.stop())
    log(`PostgreSQL: ${pg.embedded ? "embedded (.data/postgres)" : "machine server"} on port ${pg.env.DB_PORT}`)

    const storefront = await startStorefront({ port: o.storefrontPort ?? 0 })
    cleanups.push(() => storefront.stop())
    const { sandbox, testCards, threeDsCode } = await startDemoSandbox({
      port: o.sandboxPort ?? 0,
      storefrontOrigin: storefront.url,
    })
    cleanups.push(() => sandbox.stop())

    const url = databaseUrl(pg.env, o.dbName)
    const created = await ensureDatabase(pg.env, o.dbName)
    if (o.dropAtStop) cleanups.unshift(() => dropDatabase(pg.env, o.dbName))
    log(created ? `database ${o.dbName} created; migrating` : `database ${o.dbName} found; migrating`)
    const backendUrl = `http://localhost:${port}`
    const env = {
      DATABASE_URL: url,
      PORT: String(port),
      MEDUSA_BACKEND_URL: backendUrl,
      ACQUIRING_SANDBOX_URL: sandbox.url,
      ACQUIRING_STOREFRONT_URL: storefront.url,
      ACQUIRING_DEMO_ADMIN: o.adminUi === false ? "0" : "1",
      ...(o.logLevel ? { LOG_LEVEL: o.logLevel } : {}),
    }
    await migrate(env, log)
    let seed = await readSeed(url)
    const firstRun = !seed
    if (firstRun) await createAdminUser(env, admin, log)

    log("starting Medusa")
    const medusa = await startMedusa(env, { url: backendUrl, log, onLine: o.backendLine })
    cleanups.push(() => medusa.stop())
    if (firstRun) {
      log("seeding the store (first run)")
      seed = await seedDemo(backendUrl, admin)
    }
    storefront.setConfig({
      backendUrl,
      publishableKey: seed.publishable_key,
      regionId: seed.region_id,
      providers: PROVIDERS,
    })
    return {
      backendUrl,
      adminUrl: `${backendUrl}/app`,
      storefrontUrl: storefront.url,
      sandbox,
      sandboxUrl: sandbox.url,
      testCards,
      threeDsCode,
      admin,
      firstRun,
      publishableKey: seed.publishable_key,
      regionId: seed.region_id,
      databaseUrl: url,
      embeddedPostgres: pg.embedded,
      stop,
    }
  } catch (e) {
    await stop()
    throw e
  }
}

module.exports = { startStack, freePort, DEFAULT_ADMIN, PROVIDERS }
