/**
 * The acquiring test app (integration-tests/acquiring) as a real Medusa project the CLI
 * accepts, for what the in-process test runner cannot do: `medusa db:migrate` for the
 * benchmarks and `medusa start` as a child process that the crash tests SIGKILL.
 * The project is a temporary directory of symlinks (config, src, node_modules) plus a
 * package.json naming @medusajs/medusa; nothing in the repo is written.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort, signalGroup, stopGroup, waitExit, waitHealthy } from "../helpers/child-process"

export { freePort }

const ROOT = path.resolve(__dirname, "..", "..")
const CLI = path.join(ROOT, "scripts", "demo", "medusa.js")

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
    stop: () => stopGroup(child),
  }
  const lastOutput = () => output.join("").slice(-3000)
  await waitHealthy(child, url, { what: "medusa start", timeoutMs, output: lastOutput })
  return handle
}
