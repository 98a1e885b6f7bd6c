/** The demo's database on the PostgreSQL that scripts/ensure-postgres.js found or started. */
const { Client } = require("pg")

function connection(pgEnv, database) {
  return {
    host: pgEnv.DB_HOST === "localhost" ? "127.0.0.1" : pgEnv.DB_HOST,
    port: Number(pgEnv.DB_PORT),
    user: pgEnv.DB_USERNAME,
    password: pgEnv.DB_PASSWORD || undefined,
    database,
  }
}

/** DATABASE_URL for Medusa: host "localhost" keeps the test runner's SSL off (toolchain note 1). */
function databaseUrl(pgEnv, database) {
  if (process.env.DATABASE_URL && !pgEnv.DB_HOST) {
    const u = new URL(process.env.DATABASE_URL)
    u.pathname = `/${database}`
    return u.toString()
  }
  const auth =
    encodeURIComponent(pgEnv.DB_USERNAME) + (pgEnv.DB_PASSWORD ? `:${encodeURIComponent(pgEnv.DB_PASSWORD)}` : "")
  return `postgres://${auth}@${pgEnv.DB_HOST}:${pgEnv.DB_PORT}/${database}`
}

async function withClient(cfg, fn) {
  const client = new Client({ ...cfg, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => {})
  }
}

function maintenance(pgEnv) {
  return process.env.DATABASE_URL && !pgEnv.DB_HOST
    ? { connectionString: databaseUrl(pgEnv, "postgres") }
    : connection(pgEnv, "postgres")
}

const quoteIdent = (name) => {
  if (!/^[a-z0-9_-]{1,60}$/.test(name))
    throw new Error(`database name "${name}": use lower-case letters, digits, - and _`)
  return `"${name}"`
}

/** Creates the database unless it exists; true when it was created. */
async function ensureDatabase(pgEnv, name) {
  return withClient(maintenance(pgEnv), async (c) => {
    const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name])
    if (rowCount) return false
    await c.query(`create database ${quoteIdent(name)}`)
    return true
  })
}

async function dropDatabase(pgEnv, name) {
  await withClient(maintenance(pgEnv), (c) => c.query(`drop database if exists ${quoteIdent(name)} with (force)`))
}

/**
 * Creates `name` as a copy of `template` (a migrated database the tests clone instead of migrating
 * each time). PostgreSQL refuses while anyone is connected to the template (55006); a closing
 * connection is waited out a few times.
 */
async function cloneDatabase(pgEnv, template, name) {
  return withClient(maintenance(pgEnv), async (c) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await c.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`)
      } catch (e) {
        if (e.code !== "55006" || attempt >= 10) throw e
        await new Promise((r) => setTimeout(r, 100 * attempt))
      }
    }
  })
}

/** The seed's publishable key and region, or null before the first seed. */
async function readSeed(url) {
  return withClient({ connectionString: url }, async (c) => {
    const key = await c
      .query(
        "select token from api_key where type = 'publishable' and title = $1 and deleted_at is null and revoked_at is null order by created_at limit 1",
        [SEED_KEY_TITLE],
      )
      .catch(() => ({ rows: [] }))
    const done = await c
      .query("select 1 from promotion where code = 'SAVE5' and deleted_at is null")
      .catch(() => ({ rowCount: 0 }))
    if (!key.rows.length && !done.rowCount) return null
    if (!key.rows.length || !done.rowCount) {
      throw new Error(
        "the demo database was seeded only in part (an earlier run stopped while seeding); drop it or set ACQUIRING_DEMO_DB to a new name",
      )
    }
    const region = await c.query("select id from region where deleted_at is null order by created_at limit 1")
    return { publishable_key: key.rows[0].token, region_id: region.rows[0]?.id }
  })
}

/** Title of the seed's publishable key: its presence marks a seeded database. */
const SEED_KEY_TITLE = "Storefront"

module.exports = { databaseUrl, ensureDatabase, dropDatabase, cloneDatabase, readSeed }
