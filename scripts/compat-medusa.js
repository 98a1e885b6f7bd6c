#!/usr/bin/env node
/**
 * The lowest supported Medusa (package.json's peerDependencies start there), installed in its own folder
 * so the `integration:compat` test kind can run the checkout, notification and payout specs against it
 * (integration-tests/compat/). What is installed is integration-tests/compat/package.json, pinned by the
 * package-lock.json beside it. Cached: installed once, and again only when either file changes.
 *
 *   node scripts/compat-medusa.js          install when missing or changed, print the folder
 *
 * The folder lives under node_modules/.cache (git-ignored, and where CI caches keep node_modules).
 */
const { spawnSync } = require("node:child_process")
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")
const SPEC = path.join(ROOT, "integration-tests", "compat")
const MANIFEST = path.join(SPEC, "package.json")
const LOCK = path.join(SPEC, "package-lock.json")
/** The lowest version of the peer range: Medusa's official starter (medusajs/dtc-starter) runs it. */
const VERSION = JSON.parse(fs.readFileSync(MANIFEST, "utf8")).dependencies["@medusajs/medusa"]
const DIR = path.join(ROOT, "node_modules", ".cache", `acquiring-medusa-${VERSION}`)

function ensureCompatMedusa({ log = console.error } = {}) {
  const stamp = path.join(DIR, ".installed")
  const wanted = crypto
    .createHash("sha256")
    .update(fs.readFileSync(MANIFEST))
    .update(fs.readFileSync(LOCK))
    .digest("hex")
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === wanted) return DIR
  fs.mkdirSync(DIR, { recursive: true })
  fs.copyFileSync(MANIFEST, path.join(DIR, "package.json"))
  fs.copyFileSync(LOCK, path.join(DIR, "package-lock.json"))
  log(`Installing Medusa ${VERSION} into ${path.relative(ROOT, DIR)} (once; cached there) …`)
  const t0 = Date.now()
  const npm = process.platform === "win32" ? "npm.cmd" : "npm"
  // `npm install` from the lockfile, not `npm ci` (npm 11.19's ci rejects lockfiles it wrote itself).
  const r = spawnSync(npm, ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: DIR,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true" },
  })
  if (r.status !== 0) throw new Error(`npm install of Medusa ${VERSION} failed (exit ${r.status}) in ${DIR}`)
  const installed = require(path.join(DIR, "node_modules", "@medusajs", "medusa", "package.json")).version
  if (installed !== VERSION) throw new Error(`expected @medusajs/medusa ${VERSION} in ${DIR}, found ${installed}`)
  fs.writeFileSync(stamp, wanted)
  log(`Medusa ${VERSION} installed in ${Math.round((Date.now() - t0) / 1000)} s`)
  return DIR
}

module.exports = { ensureCompatMedusa, COMPAT_DIR: DIR, COMPAT_VERSION: VERSION }

if (require.main === module) {
  try {
    console.log(ensureCompatMedusa())
  } catch (e) {
    console.error(e.message)
    process.exit(1)
  }
}
