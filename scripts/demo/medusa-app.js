/** The Medusa app of the repo root (medusa-config.ts), run through scripts/demo/medusa.js. */
const { runNode, spawnNode, stopChild } = require("./processes")

const CLI = "scripts/demo/medusa.js"

/** Medusa prints lines with colour codes and its own levels; keep only what helps a person. */
const quiet = (log) => (line) => {
  const plain = line.replace(/\x1b\[[0-9;]*m/g, "")
  if (
    /(error|warn|✔ Server is ready|Admin URL)/i.test(plain) &&
    !/ts-node|don't forget to set your NODE_ENV|Local Event Bus installed|DeprecationWarning|trace-deprecation/.test(
      plain,
    )
  )
    log(plain)
}

async function migrate(env, log) {
  await runNode("medusa db:migrate", [CLI, "db:migrate"], { env, onLine: quiet(log) })
}

async function createAdminUser(env, { email, password }, log) {
  await runNode("medusa user", [CLI, "user", "-e", email, "-p", password], { env, onLine: quiet(log) })
}

async function waitHealthy(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`Medusa exited (code ${child.exitCode}) before it answered ${url}/health`)
    try {
      const res = await fetch(`${url}/health`)
      if (res.ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`Medusa did not answer ${url}/health within ${timeoutMs / 1000} s`)
}

/** `medusa start` on PORT (development mode: the admin is served from source by Vite). */
async function startMedusa(env, { url, log, onLine, timeoutMs = 120_000 }) {
  const tail = []
  const child = spawnNode("medusa start", [CLI, "start"], {
    env: { NODE_ENV: "development", ...env },
    onLine: (l, s) => {
      tail.push(l)
      if (tail.length > 40) tail.shift()
      onLine?.(l.replace(/\x1b\[[0-9;]*m/g, ""))
      quiet(log)(l, s)
    },
  })
  try {
    await waitHealthy(url, child, timeoutMs)
  } catch (e) {
    await stopChild(child)
    throw new Error(`${e.message}\n${tail.join("\n")}`)
  }
  return { child, stop: () => stopChild(child) }
}

module.exports = { migrate, createAdminUser, startMedusa }
