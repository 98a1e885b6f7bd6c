/**
 * The acquiring test app (integration-tests/acquiring) as a real Medusa project the CLI
 * accepts, for what the in-process test runner cannot do: `medusa db:migrate` for the
 * benchmarks and `medusa start` as a child process that the crash tests SIGKILL.
 * The project is a temporary directory of symlinks (config, src, node_modules) plus a
 * package.json naming @medusajs/medusa; nothing in the repo is written.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import { createServer } from "node:net"
import os from "node:os"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..", "..")
const CLI = path.join(ROOT, "scripts", "demo", "medusa.js")

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/**
 * Environment of a `medusa start` child whose output a test reads: jest runs Medusa at
 * LOG_LEVEL=warn (integration-tests/setup.js), but these children must print their info lines.
 */
export const medusaChildEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...process.env,
  LOG_LEVEL: "info",
  NODE_ENV: "test",
  ...env,
})

/** A Medusa project directory backed by integration-tests/acquiring (created once per process). */
export function acquiringProjectDir(): string {
  const dir = path.join(os.tmpdir(), `acq-medusa-app-${process.pid}`)
  if (fs.existsSync(path.join(dir, "package.json"))) return dir
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "acquiring-reliability-app",
      private: true,
      dependencies: { "@medusajs/medusa": "2.21.2" },
    }),
  )
  const link = (target: string, name: string) => {
    const at = path.join(dir, name)
    if (!fs.existsSync(at)) fs.symlinkSync(target, at)
  }
  link(path.join(ROOT, "integration-tests", "acquiring", "medusa-config.ts"), "medusa-config.ts")
  link(path.join(ROOT, "src"), "src")
  link(path.join(ROOT, "node_modules"), "node_modules")
  return dir
}

export function removeProjectDir(dir: string): void {
  if (dir.startsWith(os.tmpdir())) fs.rmSync(dir, { recursive: true, force: true })
}

/** Run one Medusa CLI command to completion in the project. */
export function medusaCommand(dir: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const tail: string[] = []
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const keep = (b: Buffer) => {
      tail.push(...b.toString().split("\n"))
      tail.splice(0, Math.max(0, tail.length - 40))
    }
    child.stdout!.on("data", keep)
    child.stderr!.on("data", keep)
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`medusa ${args.join(" ")} failed (${code}):\n${tail.join("\n")}`)),
    )
  })
}

export interface MedusaChild {
  child: ChildProcess
  url: string
  /** Everything the process wrote, for the log-hygiene checks. */
  output: string[]
  /** SIGKILL the process group at once: no shutdown hooks, no flush (a crash). */
  crash(): Promise<void>
  /** SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>
}

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null

function signalGroup(c: ChildProcess, sig: NodeJS.Signals) {
  try {
    process.kill(-c.pid!, sig)
  } catch {
    try {
      c.kill(sig)
    } catch {}
  }
}

function waitExit(c: ChildProcess): Promise<void> {
  return exited(c) ? Promise.resolve() : new Promise((r) => c.once("exit", () => r()))
}

/** `medusa start` in its own process group; resolves once /health answers. */
export async function startMedusa(
  dir: string,
  env: NodeJS.ProcessEnv & { PORT: string },
  timeoutMs = 300_000,
): Promise<MedusaChild> {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, "start"], {
    cwd: dir,
    env: medusaChildEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  const output: string[] = []
  child.stdout!.on("data", (b: Buffer) => output.push(b.toString()))
  child.stderr!.on("data", (b: Buffer) => output.push(b.toString()))
  const url = `http://localhost:${env.PORT}`
  const handle: MedusaChild = {
    child,
    url,
    output,
    async crash() {
      signalGroup(child, "SIGKILL")
      await waitExit(child)
    },
    async stop() {
      if (exited(child)) return
      signalGroup(child, "SIGTERM")
      const t = setTimeout(() => signalGroup(child, "SIGKILL"), 5_000)
      await waitExit(child)
      clearTimeout(t)
      signalGroup(child, "SIGKILL") // anything it left in its group
    },
  }
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (exited(child))
      throw new Error(`medusa start exited (${child.exitCode ?? child.signalCode}):\n${output.join("").slice(-3000)}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return handle
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  await handle.stop()
  throw new Error(
    `medusa start did not answer ${url}/health within ${timeoutMs / 1000} s:\n${output.join("").slice(-3000)}`,
  )
}
