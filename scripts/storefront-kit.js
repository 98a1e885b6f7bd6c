#!/usr/bin/env node
/**
 * The storefront kit as its own package, `medusa-plugin-acquiring-storefront` (packages/storefront):
 * compiled from the plugin's src/storefront (its one source; packages/storefront/tsconfig.json) and packed.
 *
 *   node scripts/storefront-kit.js [dir]   build and pack into dir (default: the OS's temp dir), print the tarball
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")
const KIT = path.join(ROOT, "packages", "storefront")
const npm = process.platform === "win32" ? "npm.cmd" : "npm"

function run(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: KIT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}):\n${`${r.stdout}${r.stderr}`.slice(-4000)}`)
  return r.stdout
}

/** Compiles the kit afresh into packages/storefront/dist (a stale file of a removed source would ship). */
function buildStorefrontKit() {
  fs.rmSync(path.join(KIT, "dist"), { recursive: true, force: true })
  run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.json"], "tsc of the storefront kit")
}

/** Builds and packs the kit into `dest`; returns the tarball's path. */
function packStorefrontKit(dest = fs.mkdtempSync(path.join(os.tmpdir(), "acq-kit-pack-"))) {
  fs.mkdirSync(dest, { recursive: true })
  buildStorefrontKit()
  // --ignore-scripts: just built; prepack would build again.
  const out = run(
    npm,
    ["pack", "--json", "--ignore-scripts", "--pack-destination", dest],
    "npm pack of the storefront kit",
  )
  return path.join(dest, JSON.parse(out)[0].filename)
}

module.exports = { KIT, buildStorefrontKit, packStorefrontKit }

if (require.main === module) console.log(packStorefrontKit(process.argv[2] && path.resolve(process.argv[2])))
