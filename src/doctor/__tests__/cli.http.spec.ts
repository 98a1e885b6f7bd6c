import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { startSandbox, type Sandbox } from "../../sandbox"

/**
 * The `acquiring-doctor` bin (its TypeScript source through tsx, as `npm run sandbox` runs the sandbox's)
 * against the sandbox over real HTTP: provider options from a JSON file or from a medusa-config.ts.
 */
const ROOT = path.resolve(__dirname, "../../..")
const CLI = path.join(ROOT, "src/doctor/cli.ts")

/** Asynchronous: the sandbox answers from this process while the CLI runs. */
function doctor(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    // No retries of a failed query (an internal, set the way tests set internals)
    const env = { ...process.env, NODE_ENV: "test", ACQUIRING_TEST_INTERNALS: JSON.stringify({ query_retries: 0 }) }
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT, env })
    let out = ""
    let err = ""
    child.stdout.on("data", (c) => (out += c))
    child.stderr.on("data", (c) => (err += c))
    child.on("close", (code) => resolve({ code, out, err }))
  })
}

let sb: Sandbox
let dir: string
beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), "acq-doctor-"))))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => sb?.stop())

const providerOptions = (extra: Record<string, unknown> = {}) => ({
  merchant_id: "1000001",
  base_url: sb.url,
  accounts: [{ account_id: "100000101", sign_key: "sandbox-key-1" }],
  store_url: "http://127.0.0.1:9",
  ...extra,
})

function optionsFile(name: string, options: Record<string, unknown>) {
  const file = path.join(dir, name)
  writeFileSync(file, JSON.stringify(options))
  return file
}

describe("acquiring-doctor CLI", () => {
  jest.setTimeout(60_000)

  it("--options: exit 0 and one ok line per finding when everything works", async () => {
    sb = await startSandbox({ port: 0, notifications: { max_attempts: 1 } })
    const { code, out, err } = await doctor(["--options", optionsFile("good.json", providerOptions())])
    expect(err).toBe("")
    expect(code).toBe(0)
    const lines = out.trim().split("\n")
    expect(lines.slice(0, 5).map((l) => l.split(":")[0])).toEqual([
      "ok   credentials",
      "ok   unknown_order",
      "ok   checkout",
      "ok   hosted_page",
      "ok   cancel",
    ])
    expect(out).not.toContain("sandbox-key")
    expect(lines.at(-1)).toBe("Everything the doctor tried works as configured.")
  })

  it("--options: exit 1 and the option line when the gateway signs checkout the older way", async () => {
    sb = await startSandbox({
      port: 0,
      notifications: { max_attempts: 1 },
      signature_fields: { checkout: ["merchant_id", "account_id", "order_no", "currency", "amount", "notify_url"] },
    })
    const { code, out } = await doctor(["--options", optionsFile("row.json", providerOptions())])
    expect(code).toBe(1)
    expect(out).toMatch(/^FIX {2}checkout: account 100000101: the test checkout was refused as configured/m)
    expect(out).toMatch(
      /^ {2}gateway_profile: \{ extends: "documented", .*signature_fields: \{ checkout: \["merchant_id", "account_id", "order_no", "currency", "amount", "notify_url"\] \} \},$/m,
    )
  })

  it("--config medusa-config.ts: finds the acquiring provider and says a wrong key in one line", async () => {
    sb = await startSandbox({ port: 0 })
    const options = providerOptions({ accounts: [{ account_id: "100000101", sign_key: "wrong-key" }] })
    const config = path.join(dir, "medusa-config.ts")
    writeFileSync(
      config,
      `const options: Record<string, unknown> = ${JSON.stringify(options)}\n` +
        `export default { projectConfig: {}, modules: [{ resolve: "@medusajs/medusa/payment", options: { providers: [` +
        `{ resolve: "medusa-plugin-acquiring/providers/acquiring", id: "acquiring", options } ] } }] }\n`,
    )
    const { code, out } = await doctor(["--config", config])
    expect(code).toBe(1)
    const lines = out.trim().split("\n").filter(Boolean)
    expect(lines[0]).toMatch(/^FIX {2}credentials: .*check this account's sign_key/)
    expect(lines).toHaveLength(2)
    expect(out).not.toContain("wrong-key")
  })

  it("exit 2 with one line for a config without the provider", async () => {
    const config = path.join(dir, "empty-config.js")
    writeFileSync(config, "module.exports = { projectConfig: {}, modules: [] }\n")
    const { code, err } = await doctor(["--config", config])
    expect(code).toBe(2)
    expect(err.trim()).toMatch(/^acquiring-doctor: --config .*no acquiring payment provider with id "acquiring"/)
  })
})
