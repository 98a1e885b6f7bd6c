/**
 * Child processes of the demo: each runs in its own process group, so stopping it also stops
 * whatever it started (toolchain note 7). Only processes started here are ever signalled.
 */
const { spawn } = require("node:child_process")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..", "..")
const children = new Set()

/** Lines of a stream, to a callback. */
function lines(stream, onLine) {
  let buf = ""
  stream.setEncoding("utf8")
  stream.on("data", (chunk) => {
    buf += chunk
    let i
    while ((i = buf.indexOf("\n")) >= 0) {
      onLine(buf.slice(0, i))
      buf = buf.slice(i + 1)
    }
  })
  stream.on("end", () => buf && onLine(buf))
}

/** Start `node --import tsx <args>` in the repo root; output lines go to onLine(line, stream). */
function spawnNode(name, args, { env = {}, onLine = () => {} } = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  child.label = name
  children.add(child)
  child.once("exit", () => children.delete(child))
  lines(child.stdout, (l) => onLine(l, "stdout"))
  lines(child.stderr, (l) => onLine(l, "stderr"))
  return child
}

/** Run a one-shot command to completion; rejects with its last output lines on failure. */
function runNode(name, args, opts = {}) {
  const tail = []
  const child = spawnNode(name, args, {
    ...opts,
    onLine: (l, s) => {
      tail.push(l)
      if (tail.length > 30) tail.shift()
      opts.onLine?.(l, s)
    },
  })
  return new Promise((resolve, reject) => {
    child.once("error", reject)
    child.once("exit", (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${name} failed (${signal ?? `exit ${code}`}):\n${tail.join("\n")}`))
    })
  })
}

/** SIGTERM to the child's group, SIGKILL after graceMs; resolves once it has exited. */
function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = (sig) => {
      try {
        process.kill(-child.pid, sig)
      } catch {
        try {
          child.kill(sig)
        } catch {}
      }
    }
    const timer = setTimeout(() => kill("SIGKILL"), graceMs)
    child.once("exit", () => {
      clearTimeout(timer)
      kill("SIGKILL") // anything the child left behind in its group
      resolve()
    })
    kill("SIGTERM")
  })
}

const stopAll = () => Promise.all([...children].map((c) => stopChild(c)))

module.exports = { spawnNode, runNode, stopChild, stopAll, ROOT }
