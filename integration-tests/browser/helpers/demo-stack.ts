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
  admin: { email: string; password: string }
  sandbox: import("../../../src/sandbox").Sandbox
  stop(): Promise<void>
}

export async function startDemoStack(opts: { adminUi?: boolean } = {}): Promise<DemoStack & { adminUrl: string }> {
  const lines: string[] = []
  try {
    return await startStack({
      port: 0,
      sandboxPort: 0,
      storefrontPort: 0,
      dbName: `acq_browser_${process.pid}_${Date.now().toString(36)}`,
      dropAtStop: true,
      adminUi: opts.adminUi ?? false,
      log: (l: string) => lines.push(l),
    })
  } catch (e) {
    throw new Error(`${(e as Error).message}\n--- demo log ---\n${lines.join("\n")}`)
  }
}
