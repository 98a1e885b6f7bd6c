import { createServer } from "node:net"
import path from "node:path"
import { startSandbox, type Sandbox, type SandboxOptionsInput } from "../../../src/sandbox"
import { dialectSandboxOptions } from "./dialect"

/** The test app's directory (medusa-config.ts resolving the provider from source). */
export const ACQUIRING_APP_DIR = path.join(__dirname, "..", "..", "acquiring")

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

/**
 * Start the sandbox before Medusa boots (register this beforeAll before the test runner's),
 * and pin the app's port so notify_url can point at it. The sandbox plays this run's dialect
 * (helpers/dialect.ts: ACQ_SANDBOX_DIALECT); a spec's own options win over it.
 */
export function useAcquiringEnv(sandboxOptions: SandboxOptionsInput = {}): { sandbox: () => Sandbox } {
  let sandbox: Sandbox | undefined
  beforeAll(async () => {
    sandbox = await startSandbox({
      host: "127.0.0.1",
      port: 0,
      seed: 7,
      ...dialectSandboxOptions(),
      ...sandboxOptions,
      // Short retries: the database is restored between tests, so a late retry would hit another test.
      // A spec's notification options (dialect, signature case) are added to these, not instead of them.
      notifications: {
        initial_delay_ms: 200,
        backoff_base_ms: 200,
        backoff_max_ms: 2_000,
        max_attempts: 6,
        ...sandboxOptions.notifications,
      },
    })
    const port = await freePort()
    process.env.PORT = String(port)
    process.env.ACQ_SANDBOX_URL = sandbox.url
    process.env.ACQ_STORE_URL = `http://localhost:${port}`
  })
  // Every test's notifications are delivered before the runner restores the database.
  afterEach(async () => {
    await sandbox?.notifications.settle(20_000)
  })
  afterAll(async () => {
    await sandbox?.stop()
    delete process.env.PORT
  })
  return {
    sandbox: () => {
      if (!sandbox) throw new Error("sandbox not started")
      return sandbox
    },
  }
}
