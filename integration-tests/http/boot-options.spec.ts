import path from "node:path"
import { freshDatabase } from "../helpers/db-template"
import { spawn } from "node:child_process"
import {
  acquiringProjectDir,
  freePort,
  medusaChildEnv,
  medusaCommand,
  removeProjectDir,
  startMedusa,
} from "../reliability/medusa-process"

jest.setTimeout(300_000)

/**
 * A mistake in the provider options stops a real `medusa start` with a message naming the
 * option; the same app with correct options boots (so the refusal is the option's doing).
 */
const ROOT = path.resolve(__dirname, "..", "..")
const { ensurePostgres } = require(path.join(ROOT, "scripts", "ensure-postgres.js"))
const { databaseUrl, dropDatabase } = require(path.join(ROOT, "scripts", "demo", "db.js"))
const CLI = path.join(ROOT, "scripts", "demo", "medusa.js")
const dbName = `acq_boot_${process.pid}`

let pg: { env: Record<string, string>; stop: () => Promise<void> }
let dir: string
let env: NodeJS.ProcessEnv & { PORT: string }

beforeAll(async () => {
  pg = await ensurePostgres({})
  const cloned = await freshDatabase(pg.env, dbName)
  env = {
    ...pg.env,
    DATABASE_URL: databaseUrl(pg.env, dbName),
    PORT: String(await freePort()),
    MEDUSA_DISABLE_TELEMETRY: "true",
  }
  dir = acquiringProjectDir()
  if (!cloned) await medusaCommand(dir, ["db:migrate"], env)
})

afterAll(async () => {
  if (pg) {
    await dropDatabase(pg.env, dbName).catch(() => {})
    await pg.stop()
  }
  if (dir) removeProjectDir(dir)
})

/** `medusa start` with extra provider options; resolves with its exit code and output. */
function startExpectingExit(
  override: Record<string, unknown>,
  ms = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI, "start"], {
      cwd: dir,
      env: medusaChildEnv({ ...env, ACQ_OPTIONS_OVERRIDE: JSON.stringify(override) }),
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout!.on("data", (b: Buffer) => (output += b))
    child.stderr!.on("data", (b: Buffer) => (output += b))
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`medusa start kept running with a bad option:\n${output.slice(-2000)}`))
    }, ms)
    child.once("exit", (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

it.each([
  [{ timeout_ms: -5 }, /Invalid acquiring provider option timeout_ms/],
  [{ merchant_id: "" }, /Invalid acquiring provider option merchant_id/],
  [{ open3d: "sometimes" }, /Invalid acquiring provider option open3d/],
])("a bad option %j stops boot with a message naming it", async (override, message) => {
  const { code, output } = await startExpectingExit(override)
  expect(code).not.toBe(0)
  expect(output).toMatch(message)
})

it("the same app with its correct options boots and answers /health", async () => {
  const medusa = await startMedusa(dir, env)
  try {
    expect((await fetch(`${medusa.url}/health`)).status).toBe(200)
  } finally {
    await medusa.stop()
  }
})
