/**
 * The Medusa app the benchmarks measure: the integration tests' acquiring app
 * (integration-tests/acquiring, provider from source) booted in this process the way
 * @medusajs/test-utils boots it, on a fresh database of the PostgreSQL that
 * scripts/ensure-postgres.js finds, with an in-process sandbox gateway. pp_system_default
 * is enabled in the same region (P2's baseline).
 */
import "./quiet"
import path from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { seedStore, PROVIDERS, type Seed } from "../../integration-tests/http/helpers/acquiring-seed"
import {
  acquiringProjectDir,
  medusaCommand,
  removeProjectDir,
} from "../../integration-tests/reliability/medusa-process"
import { freePort } from "../../integration-tests/helpers/child-process"
import { httpApi, type Api } from "./http"
import { runAlone, type BenchRow } from "./report"

const ROOT = path.resolve(__dirname, "..", "..")
const { ensurePostgres } = require(path.join(ROOT, "scripts", "ensure-postgres.js"))
const { databaseUrl, ensureDatabase, dropDatabase } = require(path.join(ROOT, "scripts", "demo", "db.js"))

export interface BenchApp {
  url: string
  api: Api
  seed: Seed
  container: MedusaContainer
  sandbox: Sandbox
  databaseUrl: string
  stop(): Promise<void>
}

export const SYSTEM_PROVIDER = "pp_system_default"

export async function startBenchApp(opts: { log?: (s: string) => void } = {}): Promise<BenchApp> {
  const log = opts.log ?? (() => {})
  const pg = await ensurePostgres({ log })
  const dbName = `acq_bench_${process.pid}`
  const dbUrl = databaseUrl(pg.env, dbName)
  await ensureDatabase(pg.env, dbName)
  const sandbox = await startSandbox({
    host: "127.0.0.1",
    port: 0,
    seed: 11,
    notifications: { initial_delay_ms: 50, backoff_base_ms: 200, max_attempts: 4 },
  })
  const port = await freePort()
  const env = {
    ...pg.env,
    DATABASE_URL: dbUrl,
    PORT: String(port),
    ACQ_SANDBOX_URL: sandbox.url,
    ACQ_STORE_URL: `http://localhost:${port}`,
    MEDUSA_DISABLE_TELEMETRY: "true",
    LOG_LEVEL: "error",
  }
  const dir = acquiringProjectDir()
  log(`database ${dbName}: migrating`)
  await medusaCommand(dir, ["db:migrate"], env)
  Object.assign(process.env, env)
  log("booting Medusa in this process")
  const { startApp } = require("@medusajs/test-utils/dist/medusa-test-runner-utils/bootstrap-app")
  const app = await startApp({ cwd: dir, env: {} })
  const url = `http://localhost:${app.port}`
  const api = httpApi(url)
  const seed = await seedStore(api as never, app.container)
  await api.post(
    `/admin/regions/${seed.region_id}`,
    { payment_providers: [...Object.values(PROVIDERS), SYSTEM_PROVIDER] },
    seed.admin,
  )
  return {
    url,
    api,
    seed,
    container: app.container,
    sandbox,
    databaseUrl: dbUrl,
    async stop() {
      await app.shutdown().catch(() => {})
      await sandbox.stop()
      await dropDatabase(pg.env, dbName).catch(() => {})
      await pg.stop()
      removeProjectDir(dir)
    },
  }
}

/** Run one bench file alone against a fresh bench app, stopped afterwards. */
export function runAloneWithApp(run: (app: BenchApp) => Promise<BenchRow[]>): void {
  runAlone(async () => {
    const app = await startBenchApp({ log: (s) => console.error(s) })
    try {
      return await run(app)
    } finally {
      await app.stop()
    }
  })
}
