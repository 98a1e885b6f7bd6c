#!/usr/bin/env node
/**
 * The lowest supported Medusa (package.json's peerDependencies start there), installed in its own folder
 * so the `integration:compat` test kind can run the checkout and notification specs against it
 * (integration-tests/compat/). Cached: installed once, and again only when the wanted packages change.
 *
 *   node scripts/compat-medusa.js          install when missing, print the folder
 *
 * The folder lives under node_modules/.cache (git-ignored, and where CI caches keep node_modules).
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")
/** The lowest version of the peer range: Medusa's official starter (medusajs/dtc-starter) runs it. */
const VERSION = "2.18.0"
const DIR = path.join(ROOT, "node_modules", ".cache", `acquiring-medusa-${VERSION}`)

/** What a store on this version has; our own dependencies (zod, qs, …) still come from the repo's node_modules. */
const MANIFEST = {
  name: `acquiring-medusa-${VERSION}`,
  private: true,
  description: "Medusa at the lowest version medusa-plugin-acquiring supports (scripts/compat-medusa.js)",
  dependencies: {
    "@medusajs/framework": VERSION,
    "@medusajs/medusa": VERSION,
    "@medusajs/cli": VERSION,
    "@medusajs/test-utils": VERSION,
    "@medusajs/js-sdk": VERSION,
  },
}

function ensureCompatMedusa({ log = console.error } = {}) {
  const stamp = path.join(DIR, ".installed")
  const wanted = JSON.stringify(MANIFEST)
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === wanted) return DIR
  fs.mkdirSync(DIR, { recursive: true })
  fs.writeFileSync(path.join(DIR, "package.json"), JSON.stringify(MANIFEST, null, 2) + "\n")
  log(`Installing Medusa ${VERSION} into ${path.relative(ROOT, DIR)} (once; cached there) …`)
  const t0 = Date.now()
  const npm = process.platform === "win32" ? "npm.cmd" : "npm"
  const r = spawnSync(npm, ["install", "--no-audit", "--no-fund", "--loglevel=error", "--no-package-lock"], {
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
