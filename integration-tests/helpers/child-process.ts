/**
 * Child processes of the tests and benchmarks (integration-tests/install, integration-tests/reliability,
 * bench): a free port to start one on, its /health to wait for, and a stop of its whole process group.
 * Children are spawned `detached` so that they lead a group: Medusa's CLI starts workers of its own.
 */
import type { ChildProcess } from "node:child_process"
import { createServer } from "node:net"

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

export const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null

/** Signal the child's process group (the child alone when it leads none). */
export function signalGroup(c: ChildProcess, sig: NodeJS.Signals): void {
  try {
    process.kill(-c.pid!, sig)
  } catch {
    try {
      c.kill(sig)
    } catch {}
  }
}

export function waitExit(c: ChildProcess): Promise<void> {
  return exited(c) ? Promise.resolve() : new Promise((r) => c.once("exit", () => r()))
}

/** SIGTERM the group, SIGKILL after `graceMs`, then whatever it left in the group; its pipes closed too. */
export async function stopGroup(c: ChildProcess, graceMs = 5_000): Promise<void> {
  if (exited(c)) return
  signalGroup(c, "SIGTERM")
  const t = setTimeout(() => signalGroup(c, "SIGKILL"), graceMs)
  await waitExit(c)
  clearTimeout(t)
  signalGroup(c, "SIGKILL")
  // Its last output first (a test may read it), then its pipes closed, or jest's worker waits on them.
  const open = [c.stdout, c.stderr].filter((p) => p && !p.closed)
  if (open.length)
    await Promise.race([new Promise((r) => c.once("close", r)), new Promise((r) => setTimeout(r, 1_000))])
  c.stdout?.destroy()
  c.stderr?.destroy()
}

/**
 * Resolve once `<url>/health` answers 200; throw (with `output()`) when the child exits first or
 * after `timeoutMs`, the child then stopped.
 */
export async function waitHealthy(
  child: ChildProcess,
  url: string,
  opts: { what: string; timeoutMs: number; output: () => string },
): Promise<void> {
  const until = Date.now() + opts.timeoutMs
  while (Date.now() < until) {
    if (exited(child)) throw new Error(`${opts.what} exited (${child.exitCode ?? child.signalCode}):\n${opts.output()}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  await stopGroup(child)
  throw new Error(`${opts.what} did not answer ${url}/health within ${opts.timeoutMs / 1000} s:\n${opts.output()}`)
}
