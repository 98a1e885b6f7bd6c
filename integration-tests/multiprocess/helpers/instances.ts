import { spawn, type ChildProcess } from "node:child_process"
import { createServer } from "node:net"
import path from "node:path"
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null

/** Signal the child's own process group (it was started detached), else the child itself. */
function signalGroup(c: ChildProcess, sig: NodeJS.Signals) {
  try {
    process.kill(-c.pid!, sig)
  } catch {
    try {
      c.kill(sig)
    } catch {}
  }
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
    async stop() {
      if (exited(child)) return
      const gone = new Promise<void>((r) => child.once("exit", () => r()))
      signalGroup(child, "SIGTERM")
      const t = setTimeout(() => signalGroup(child, "SIGKILL"), 8_000)
      await gone
      clearTimeout(t)
      signalGroup(child, "SIGKILL") // anything it left in its group
    },
  }
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (exited(child))
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output.join("").slice(-3000)}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return instance
    } catch {}
    await new Promise((r) => setTimeout(r, 300))
  }
  await instance.stop()
  throw new Error(`${name} did not answer ${url}/health within ${timeoutMs / 1000} s:\n${output.join("").slice(-3000)}`)
}

/** Lines of an instance's output matching a pattern. */
export const linesOf = (i: Instance, re: RegExp) =>
  i.output
    .join("")
    .split("\n")
    .filter((l) => re.test(l))
