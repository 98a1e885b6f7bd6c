/**
 * The processes of the `integration:install` kind, each run from the fresh store's own folder and its own
 * node_modules (never this repository's): Medusa's CLI (`medusa db:migrate`, `medusa user`, `medusa start`)
 * and the installed package's `acquiring-sandbox` bin, as README tells a user to run them.
 */
import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import { Client } from "pg"
import { freePort, stopGroup, waitHealthy } from "../helpers/child-process"

export { freePort }

/** The PostgreSQL of DB_* (npm test sets them: scripts/ensure-postgres.js). */
function pgConfig(database: string) {
  return {
    host: process.env.DB_HOST || "localhost",
    port: Number(process.env.DB_PORT || 5432),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || "",
    database,
  }
}

export function databaseUrl(name: string): string {
  const c = pgConfig(name)
  return `postgres://${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@${c.host}:${c.port}/${name}`
}

/** A fresh, empty database (dropped first if a previous run left it). */
export async function recreateDatabase(name: string, drop = false): Promise<void> {
  const client = new Client(pgConfig("postgres"))
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    if (!drop) await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
}

/** Output kept for a failure's message (the tail only). */
function tailOf(child: ChildProcess, keep = 60): () => string {
  const lines: string[] = []
  const add = (b: Buffer) => {
    lines.push(...b.toString().split("\n"))
    lines.splice(0, Math.max(0, lines.length - keep))
  }
  child.stdout?.on("data", add)
  child.stderr?.on("data", add)
  return () => lines.join("\n")
}

const medusaBin = (dir: string) => path.join(dir, "node_modules", "@medusajs", "cli", "cli.js")

/** One `medusa <args>` of the store, to completion. */
export function medusa(dir: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [medusaBin(dir), ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const tail = tailOf(child)
    child.once("error", reject)
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`medusa ${args.join(" ")} failed (${code}):\n${tail()}`)),
    )
  })
}

export interface Child {
  url: string
  stop(): Promise<void>
}

/** `medusa start` of the store on a port; resolves once /health answers. */
export async function startMedusa(dir: string, env: NodeJS.ProcessEnv & { PORT: string }): Promise<Child> {
  const child = spawn(process.execPath, [medusaBin(dir), "start"], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  const tail = tailOf(child)
  const url = `http://localhost:${env.PORT}`
  await waitHealthy(child, url, { what: "medusa start", timeoutMs: 240_000, output: tail })
  return { url, stop: () => stopGroup(child) }
}

/** `acquiring-sandbox --port <free> --json` from the store's node_modules/.bin, as `npx acquiring-sandbox`. */
export async function startSandbox(dir: string): Promise<Child> {
  const port = await freePort()
  const bin = path.join(dir, "node_modules", ".bin", "acquiring-sandbox")
  const child = spawn(bin, ["--host", "127.0.0.1", "--port", String(port), "--quiet", "--json"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  const tail = tailOf(child)
  const url = await new Promise<string>((resolve, reject) => {
    let out = ""
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString()
      const line = out.split("\n").find((l) => l.startsWith("{"))
      if (line) resolve((JSON.parse(line) as { url: string }).url)
    })
    child.once("exit", (code) => reject(new Error(`acquiring-sandbox exited (${code}):\n${tail()}`)))
  })
  return { url, stop: () => stopGroup(child) }
}
