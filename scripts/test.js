#!/usr/bin/env node
/**
 * `npm test`: every kind of test, one after another, then one plain closing line
 * `N passed, N failed` computed from jest's JSON results (CI reads that line).
 *
 *   npm test                      all kinds
 *   npm test -- unit              only the named kinds (unit, integration:sandbox, integration:modules, integration:http,
 *                                 integration:http:legacy, integration:redis, integration:multiprocess,
 *                                 integration:compat, browser)
 *   npm test -- integration:starter   Medusa's official starter under pnpm (not part of `npm test`: minutes
 *                                 per Medusa version; CONTRIBUTING.md, Tests)
 *
 * PostgreSQL for the Medusa integration tests: the configured/machine server when it
 * answers, else an embedded one (scripts/ensure-postgres.js). Chromium for the browser kind:
 * Debian's when installed, else the one packed in @sparticuz/chromium (scripts/chromium.js). The
 * integration:compat kind runs the checkout and notification specs on the lowest supported Medusa,
 * installed once into node_modules/.cache (scripts/compat-medusa.js). The integration:install kind packs
 * the plugin and installs the tarball into fresh Medusa stores at both ends of the peer range (jest's
 * globalSetup runs scripts/install-app.js; the stores are cached in node_modules/.cache too).
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { ensurePostgres } = require("./ensure-postgres")
const { findChromium } = require("./chromium")
const { ensureCompatMedusa } = require("./compat-medusa")
const { ensureInstallApps } = require("./install-app")
const { ensureStarters } = require("./starter-app")

const ROOT = path.resolve(__dirname, "..")
// Vite's admin bundle from `npm run build`, which the unit kind's admin-bundle spec reads.
const ADMIN_BUNDLE = ["index.mjs", "index.js"].map((f) => path.join(ROOT, ".medusa", "server", "src", "admin", f))
const KINDS = [
  "unit",
  "integration:sandbox",
  "integration:modules",
  "integration:http",
  "integration:http:legacy",
  "integration:redis",
  "integration:multiprocess",
  "integration:compat",
  "integration:install",
  "browser",
]
// Run only when named: medusajs/dtc-starter installed with pnpm and the guide's steps, then `medusa develop`
// and the admin in Chromium, at both ends of the peer range (integration-tests/starter/). Measured per version:
// about 2 min on a quiet 2-core machine with pnpm's store cached, 3.5 to 4 min on a loaded one, a minute more
// from an empty store (a bare CI machine), which must also fetch the starter from GitHub: too close to CI's
// 60 minutes, which the default kinds fill to about 50.
const OPT_IN = ["integration:starter"]
const NEEDS_DB = new Set([
  "integration:modules",
  "integration:http",
  "integration:http:legacy",
  "integration:redis",
  "integration:multiprocess",
  "integration:compat",
  "integration:install",
  "integration:starter",
  "browser",
])
// Kinds whose files share nothing run two at a time (each Medusa test file has its own app, database,
// sandbox and port): on a 2-core runner a file is one busy core. Each browser file starts its own demo
// stack and only one of them serves the dashboard through Vite (whose dependency cache is shared), and a
// browser file keeps a core busy about 70 % of its time. The Redis kind's files each keep their queues,
// locks and cache under a namespace of their own (integration-tests/acquiring/redis-modules.ts). The
// others stay in band: the multiprocess kind is one file of three processes, and the sandbox kind times
// deliveries.
const PARALLEL = new Set([
  "unit",
  "integration:http",
  "integration:http:legacy",
  "integration:redis",
  "integration:compat",
  "integration:install",
  "browser",
])

/**
 * What a kind needs ready before jest starts, and the variable that tells its jest globalSetup so:
 * compat installs the lowest supported Medusa (about 100 s, once); install builds, packs and installs
 * the tarball into fresh stores; starter runs pnpm and the guide's steps per Medusa version.
 */
const PREPARE = {
  "integration:compat": { run: ensureCompatMedusa },
  "integration:install": { run: ensureInstallApps, flag: "ACQUIRING_INSTALL_PREPARED" },
  "integration:starter": { run: ensureStarters, flag: "ACQUIRING_STARTER_PREPARED" },
}

async function main() {
  const asked = process.argv.slice(2).filter((a) => KINDS.includes(a) || OPT_IN.includes(a))
  const kinds = asked.length ? asked : KINDS
  const totals = { passed: 0, failed: 0, skipped: 0 }
  const failures = []
  let db = null
  let exitCode = 0

  for (const kind of kinds) {
    const started = Date.now()
    const env = { ...process.env, TEST_TYPE: kind, NODE_OPTIONS: "--experimental-vm-modules" }
    if (NEEDS_DB.has(kind)) {
      db = db || (await ensurePostgres({ log: console.error }))
      Object.assign(env, db.env)
    }
    const out = path.join(os.tmpdir(), `jest-${kind.replace(/:/g, "-")}-${process.pid}.json`)
    console.log(`\n=== ${kind} tests ===`)
    if (kind === "unit" && !ADMIN_BUNDLE.every((f) => fs.existsSync(f))) {
      // The pack and admin-bundle specs read the build (CI builds before npm test); a fresh clone builds
      // here, once, so those files do not build at the same time in two workers.
      console.log("No build in .medusa/server: npm run build …")
      const b = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"], {
        cwd: ROOT,
        stdio: "inherit",
      })
      if (b.status !== 0) {
        failures.push(`[${kind}] npm run build failed (exit ${b.status})`)
        totals.failed += 1
        exitCode = 1
        continue
      }
    }
    const prepare = PREPARE[kind]
    if (prepare) {
      // Before jest, so no test's time limit pays for it and a failure is listed like a test's.
      try {
        prepare.run({ log: console.error })
        if (prepare.flag) env[prepare.flag] = "1"
      } catch (e) {
        console.error(e.message)
        failures.push(`[${kind}] ${e.message}`)
        totals.failed += 1
        exitCode = 1
        continue
      }
    }
    if (kind === "browser" || kind === "integration:starter") {
      // Unpacked here, once, rather than inside a test's time limit; the tests then find it ready.
      try {
        const c = findChromium({ log: console.error })
        console.log(`Chromium: ${c.executablePath} (${c.source})`)
      } catch (e) {
        console.error(e.message) // the tests fail with the same message and are counted
      }
    }
    const r = spawnSync(
      process.execPath,
      [
        require.resolve("jest/bin/jest"),
        PARALLEL.has(kind) ? "--maxWorkers=2" : "--runInBand",
        "--forceExit",
        "--passWithNoTests",
        "--json",
        `--outputFile=${out}`,
      ],
      { cwd: ROOT, env, stdio: "inherit" },
    )
    const counts = readCounts(out)
    if (!counts) {
      console.error(`${kind}: jest wrote no results (exit ${r.status}); counted as one failure`)
      totals.failed += 1
      exitCode = 1
      continue
    }
    failures.push(...counts.failures.map((f) => `[${kind}] ${f}`))
    totals.passed += counts.passed
    totals.failed += counts.failed
    totals.skipped += counts.skipped
    if (r.status !== 0 || counts.failed > 0) exitCode = 1
    // With its wall time (preparation included): CI's budget is read per kind.
    const wall = `${Math.round((Date.now() - started) / 1000)} s`
    console.log(`${kind}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${wall}`)
    if (counts.slowest) console.log(`${kind}: slowest files: ${counts.slowest}`)
  }

  if (db) await db.stop()
  // CI keeps only the tail of the output: name every failure here, just above the closing line.
  if (failures.length) console.log(`\n=== failures ===\n${failures.join("\n\n")}\n`)
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : ""
  console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`)
  process.exit(exitCode)
}

/** Suites that could not run count as failures too, so a broken file is never silent. */
function readCounts(file) {
  if (!fs.existsSync(file)) return null
  const j = JSON.parse(fs.readFileSync(file, "utf8"))
  fs.rmSync(file, { force: true })
  return {
    failures: failuresOf(j),
    passed: j.numPassedTests,
    failed: j.numFailedTests + j.numRuntimeErrorTestSuites,
    skipped: j.numPendingTests + (j.numTodoTests || 0),
    slowest: slowestFiles(j, 5),
  }
}

/** Where a kind's time went: its slowest files with their wall time (CI's time budget is read from these). */
function slowestFiles(j, n) {
  return (j.testResults || [])
    .map((s) => ({ file: path.relative(ROOT, s.name), seconds: (s.endTime - s.startTime) / 1000 }))
    .filter((s) => Number.isFinite(s.seconds))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, n)
    .map((s) => `${s.file} ${s.seconds.toFixed(0)} s`)
    .join(", ")
}

/** Each failed test (or suite that could not run) with the head of its message, colours stripped. */
function failuresOf(j) {
  // The message and our own stack frames; jest's and Medusa's frames say nothing about the failure.
  const head = (text) =>
    text
      .replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n")
      .filter((l) => !/^\s+at .*node_modules\//.test(l))
      .slice(0, 25)
      .join("\n")
  const out = []
  for (const suite of j.testResults || []) {
    const file = path.relative(ROOT, suite.name)
    const failed = (suite.assertionResults || []).filter((a) => a.status === "failed")
    for (const a of failed) out.push(`${file} › ${a.fullName}\n${head(a.failureMessages.join("\n"))}`)
    if (!failed.length && suite.status === "failed") out.push(`${file} (suite)\n${head(suite.message || "")}`)
  }
  return out
}

main().catch((e) => {
  console.error(e)
  console.log("0 passed, 1 failed")
  process.exit(1)
})
