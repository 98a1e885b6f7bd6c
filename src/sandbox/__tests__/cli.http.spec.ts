import { spawn, type ChildProcess } from "node:child_process"
import { encodeBody } from "../../gateway/codecs"
import type { ResolvedDialect } from "../dialect"
import { checkoutPayload, post, signed } from "./helpers"

/** `acquiring-sandbox --dialect … --lenient`: the CLI takes the preset and the mode and reports them. */
const cli = (args: string[]) =>
  spawn(process.execPath, ["--import", "tsx", "src/sandbox/cli.ts", "--port", "0", "--quiet", "--json", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  })

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGTERM")
})

function started(args: string[]): Promise<{ url: string; dialect: ResolvedDialect }> {
  const child = cli(args)
  children.push(child)
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", (d) => resolve(JSON.parse(String(d))))
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}`)))
  })
}

describe("acquiring-sandbox CLI", () => {
  it("--dialect legacy --lenient: every legacy reading, lenient, and a JSON checkout is taken", async () => {
    const { url, dialect } = await started(["--dialect", "legacy", "--lenient"])
    expect(dialect).toMatchObject({
      preset: "legacy",
      lenient: true,
      notifications: { dialect: "legacy", signature_case: "lower" },
      readings: { unknown_order: "query_result_2", partial_capture: "allowed", payout_amounts: "major" },
    })
    const res = await post(`${url}/v1/checkout`, encodeBody("json", signed("checkout", checkoutPayload())))
    expect(res.status).toBe(200)
  }, 30_000)

  it("without flags: documented and strict (the same JSON checkout is refused 415)", async () => {
    const { url, dialect } = await started([])
    expect(dialect).toMatchObject({ preset: "documented", lenient: false })
    const res = await post(`${url}/v1/checkout`, encodeBody("json", signed("checkout", checkoutPayload())))
    expect([res.status, res.body.code, res.body.source]).toEqual([415, "I0002", "body"])
  }, 30_000)

  it("an unknown --dialect stops with one line naming the option", async () => {
    const child = cli(["--dialect", "engine"])
    children.push(child)
    let err = ""
    child.stderr!.on("data", (d) => (err += d))
    const code = await new Promise<number | null>((r) => child.once("exit", r))
    expect(code).toBe(1)
    expect(err.trim()).toMatch(/^Invalid sandbox option dialect: .*"documented"\|"legacy"$/)
  }, 30_000)
})
