/**
 * One migrated database per jest run, cloned by each test file: Medusa's migrations and link sync
 * (tens of seconds on a busy 2-core runner) run once per kind instead of once per file. The kind's
 * globalSetup builds it with `medusa db:migrate` on the acquiring test app; the name reaches the
 * workers in ACQ_TEST_DB_TEMPLATE. Without it (a file run alone with another config) every file
 * migrates its own database as before, and the runner's own migration still runs on a clone, so a
 * stale template can only cost time, never change a schema.
 */
import path from "node:path"
import { redisRunPrefix } from "../acquiring/redis-modules"
import { acquiringProjectDir, medusaCommand, removeProjectDir } from "../reliability/medusa-process"

const ROOT = path.resolve(__dirname, "..", "..")
const { ensurePostgres } = require(path.join(ROOT, "scripts", "ensure-postgres.js"))
const { databaseUrl, ensureDatabase, dropDatabase, cloneDatabase } = require(
  path.join(ROOT, "scripts", "demo", "db.js"),
)

export const TEMPLATE_ENV = "ACQ_TEST_DB_TEMPLATE"

type PgEnv = Record<string, string>

/** globalSetup: migrate `acq_tpl_<pid>` on the acquiring app with this kind's environment (Redis or not). */
export async function buildTemplate(log: (s: string) => void = () => {}): Promise<void> {
  const pg = await ensurePostgres({})
  const name = `acq_tpl_${process.pid}`
  const started = Date.now()
  await dropDatabase(pg.env, name).catch(() => {})
  await ensureDatabase(pg.env, name)
  const dir = acquiringProjectDir()
  try {
    const env = {
      ...pg.env,
      DATABASE_URL: databaseUrl(pg.env, name),
      MEDUSA_DISABLE_TELEMETRY: "true",
      // On the Redis kind, under this run's namespace, which globalTeardown clears.
      ACQ_REDIS_NS: `${redisRunPrefix()}-template`,
    }
    await medusaCommand(dir, ["db:migrate"], env)
  } finally {
    removeProjectDir(dir)
  }
  process.env[TEMPLATE_ENV] = name
  log(`database template ${name} migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/** globalTeardown: drop this run's template. */
export async function dropTemplate(): Promise<void> {
  const name = process.env[TEMPLATE_ENV]
  if (!name) return
  const pg = await ensurePostgres({})
  await dropDatabase(pg.env, name).catch(() => {})
}

/**
 * A fresh database `name` for a test file: a clone of the run's template when there is one (true),
 * else an empty database the caller migrates (false).
 */
export async function freshDatabase(pgEnv: PgEnv, name: string): Promise<boolean> {
  await dropDatabase(pgEnv, name).catch(() => {})
  const template = process.env[TEMPLATE_ENV]
  if (template) {
    await cloneDatabase(pgEnv, template, name)
    return true
  }
  await ensureDatabase(pgEnv, name)
  return false
}

/** The DB_* environment of this test process (scripts/test.js sets it; the runner's own defaults else). */
export function testPgEnv(): PgEnv {
  return {
    DB_HOST: process.env.DB_HOST ?? "localhost",
    DB_PORT: process.env.DB_PORT ?? "5432",
    DB_USERNAME: process.env.DB_USERNAME ?? "postgres",
    DB_PASSWORD: process.env.DB_PASSWORD ?? "",
  }
}
