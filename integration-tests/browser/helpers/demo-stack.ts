/**
 * The demo store exactly as `npm run demo` starts it (scripts/demo/stack.js), on free ports,
 * with a fresh database that is dropped at the end. The admin dashboard (/app, served from
 * source by Vite) only when asked: the storefront tests read the Admin API instead.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack } = require("../../../scripts/demo/stack")

export interface DemoStack {
  backendUrl: string
  storefrontUrl: string
  sandboxUrl: string
  /** The demo's database (the books are read from it to check what the dashboard shows). */
  databaseUrl: string
  admin: { email: string; password: string }
  sandbox: import("../../../src/sandbox").Sandbox
  /** Every line the backend printed so far (colour codes removed). */
  backendLines: string[]
  stop(): Promise<void>
}

export async function startDemoStack(opts: { adminUi?: boolean } = {}): Promise<DemoStack & { adminUrl: string }> {
  const lines: string[] = []
  const backendLines: string[] = []
  try {
    const stack = await startStack({
      port: 0,
      sandboxPort: 0,
      storefrontPort: 0,
      dbName: `acq_browser_${process.pid}_${Date.now().toString(36)}`,
      dropAtStop: true,
      adminUi: opts.adminUi ?? false,
      log: (l: string) => lines.push(l),
      backendLine: (l: string) => backendLines.push(l),
      // Info too: a spec checks what the plugin logs for an ordinary decline (declines.spec.ts).
      logLevel: "info",
    })
    return { ...stack, backendLines }
  } catch (e) {
    throw new Error(`${(e as Error).message}\n--- demo log ---\n${lines.join("\n")}`)
  }
}

/**
 * The demo stack of one spec file: the object is filled in before the file's first test and the
 * stack stopped after its last (a spec reads `stack.backendUrl` etc. in its tests).
 */
export function useDemoStack(opts: { adminUi?: boolean } = {}): DemoStack & { adminUrl: string } {
  const stack = {} as DemoStack & { adminUrl: string }
  beforeAll(async () => {
    Object.assign(stack, await startDemoStack(opts))
  }, 600_000)
  afterAll(async () => {
    await stack.stop?.()
  }, 60_000)
  return stack
}
