import { spawn } from "node:child_process"
import path from "node:path"
import { freePort, stopGroup, waitHealthy } from "../../helpers/child-process"
import { medusaChildEnv } from "../../reliability/medusa-process"

const CLI = path.resolve(__dirname, "..", "..", "..", "scripts", "demo", "medusa.js")

export interface Instance {
  name: string
  mode: "server" | "worker" | "shared"
  url: string
  /** Everything the process wrote (for the job's log lines and failures). */
  output: string[]
  stop(): Promise<void>
}

/**
 * `medusa start` on 127.0.0.1 with the given worker mode (MEDUSA_WORKER_MODE), in its own process
 * group; resolves once /health answers (worker instances answer it too).
 */
export async function startInstance(
  dir: string,
  name: string,
  mode: Instance["mode"],
  env: NodeJS.ProcessEnv,
  timeoutMs = 300_000,
): Promise<Instance> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ["--import", "tsx", CLI, "start", "--host", "127.0.0.1", "--port", String(port)],
    {
      cwd: dir,
      env: medusaChildEnv({ ...env, MEDUSA_WORKER_MODE: mode, PORT: String(port) }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  )
  const output: string[] = []
  child.stdout!.on("data", (b: Buffer) => output.push(b.toString()))
  child.stderr!.on("data", (b: Buffer) => output.push(b.toString()))
  const url = `http://127.0.0.1:${port}`
  const instance: Instance = {
    name,
    mode,
    url,
    output,
    stop: () => stopGroup(child, 8_000),
  }
  await waitHealthy(child, url, { what: name, timeoutMs, output: () => output.join("").slice(-3000) })
  return instance
}

/** Lines of an instance's output matching a pattern. */
export const linesOf = (i: Instance, re: RegExp) =>
  i.output
    .join("")
    .split("\n")
    .filter((l) => re.test(l))
