#!/usr/bin/env node
/**
 * Fresh Medusa stores with the packed plugin installed the way a shop installs it, for the
 * `integration:install` test kind (integration-tests/install/). One store per end of the peer range:
 * each integration-tests/install/<version>/ holds the store's package.json (medusajs/dtc-starter's
 * apps/backend dependencies at that version) and the package-lock.json that pins its tree.
 *
 *   node scripts/install-app.js            build when stale, pack, install into every store, print the folders
 *   node scripts/install-app.js --stores   only the stores before the plugin (step 1 below; no build needed)
 *
 * Per store, in node_modules/.cache/acquiring-install-<version> (git-ignored, kept by CI caches):
 * 1. `npm install` from the committed lockfile: the store as it is before the plugin. Done again only
 *    when package.json or the lockfile changes.
 * 2. `npm install <tarball>` of `npm pack`'s output, exactly `npm i medusa-plugin-acquiring` from a
 *    registry, and with `--legacy-peer-deps=false` spelled out so no user config can hide an ERESOLVE:
 *    this install succeeding is the proof that the peer range admits that Medusa. The tarball is not
 *    in the committed lockfile because its integrity changes with every build; it is installed after,
 *    into the pinned tree, and only again when the tarball's bytes change (`npm pack` is reproducible).
 * The store itself (storeProject) is a folder in the OS's temp dir with its package.json, the
 * medusa-config.ts and .env read from README's marked blocks (so the README and the test cannot drift),
 * tsconfig.json and a link to the cached node_modules: Medusa's CLI loads medusa-config.ts through ts-node, which skips every file whose
 * path contains node_modules/, so the project cannot live in node_modules/.cache itself.
 */
const { spawnSync } = require("node:child_process")
const crypto = require("node:crypto")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { markedBlock } = require("./readme-blocks")

const ROOT = path.resolve(__dirname, "..")
const SPECS = path.join(ROOT, "integration-tests", "install")
const CACHE = path.join(ROOT, "node_modules", ".cache")
const BUILT = path.join(ROOT, ".medusa", "server", "src", "providers", "acquiring", "index.js")
const npm = process.platform === "win32" ? "npm.cmd" : "npm"

/** Medusa versions with a store folder, lowest first (the ends of the supported range). */
const INSTALL_VERSIONS = fs
  .readdirSync(SPECS)
  .filter((d) => /^\d+\.\d+\.\d+$/.test(d))
  .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))

const appDir = (version) => path.join(CACHE, `acquiring-install-${version}`)
const sha = (...parts) => parts.reduce((h, p) => h.update(p), crypto.createHash("sha256")).digest("hex")

function run(args, cwd, what) {
  const r = spawnSync(npm, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true" },
  })
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}) in ${cwd}:\n${(r.stderr || "").slice(-4000)}`)
  return r.stdout
}

/** Newest modification time under a folder (tests and build output left out). */
function newest(p) {
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let t = 0
  for (const e of fs.readdirSync(p)) if (e !== "__tests__") t = Math.max(t, newest(path.join(p, e)))
  return t
}

/**
 * `npm run build` when .medusa/server is missing or older than src/ or package.json (CI builds just
 * before `npm test`, so there it is reused); ACQUIRING_INSTALL_REUSE_BUILD=1 takes any existing build.
 */
function ensureBuild({ log }) {
  const built = fs.existsSync(BUILT) && fs.statSync(BUILT).mtimeMs
  const source = Math.max(newest(path.join(ROOT, "src")), fs.statSync(path.join(ROOT, "package.json")).mtimeMs)
  if (built && (built >= source || process.env.ACQUIRING_INSTALL_REUSE_BUILD === "1")) return
  log(built ? "The build is older than src/: npm run build …" : "No build: npm run build …")
  run(["run", "build"], ROOT, "npm run build")
}

/** The package as the registry would serve it: `npm pack` into the cache; the tarball's path. */
function packPlugin({ log = console.error } = {}) {
  ensureBuild({ log })
  const dest = path.join(CACHE, "acquiring-pack")
  fs.rmSync(dest, { recursive: true, force: true })
  fs.mkdirSync(dest, { recursive: true })
  const [{ filename }] = JSON.parse(run(["pack", "--json", "--pack-destination", dest], ROOT, "npm pack"))
  return path.join(dest, filename)
}

/** The tarball packPlugin left in the cache (the kind's preparation packs before the spec files run). */
function packedTarball() {
  const dir = path.join(CACHE, "acquiring-pack")
  const tgz = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".tgz")) : []
  if (tgz.length !== 1)
    throw new Error(`expected one packed tarball in ${dir}, found ${tgz.length}: run node scripts/install-app.js`)
  return path.join(dir, tgz[0])
}

/** Step 1: the store as it is before the plugin, from the committed lockfile (needs no build). */
function ensureStore(version, { log = console.error } = {}) {
  const dir = appDir(version)
  const manifest = fs.readFileSync(path.join(SPECS, version, "package.json"))
  const lock = fs.readFileSync(path.join(SPECS, version, "package-lock.json"))
  const appHash = sha(manifest, lock)
  const appStamp = path.join(dir, ".installed-app")
  if (!fs.existsSync(appStamp) || fs.readFileSync(appStamp, "utf8") !== appHash) {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, "package.json"), manifest)
    fs.writeFileSync(path.join(dir, "package-lock.json"), lock)
    log(`Installing a fresh Medusa ${version} store into ${path.relative(ROOT, dir)} (once; cached there) …`)
    const t0 = Date.now()
    // `npm install` from the lockfile, not `npm ci` (npm 11.19's ci rejects lockfiles it wrote itself).
    run(["install", "--no-audit", "--no-fund", "--loglevel=error"], dir, `npm install of the Medusa ${version} store`)
    fs.writeFileSync(appStamp, appHash)
    log(`Medusa ${version} store installed in ${Math.round((Date.now() - t0) / 1000)} s`)
  }
  return { dir, appHash }
}

/** One store with the tarball installed (step 2); returns its folder. */
function ensureInstallApp(version, tarball, { log = console.error } = {}) {
  const { dir, appHash } = ensureStore(version, { log })

  const tgz = fs.readFileSync(tarball)
  const pluginHash = sha(appHash, tgz)
  const pluginStamp = path.join(dir, ".installed-plugin")
  if (!fs.existsSync(pluginStamp) || fs.readFileSync(pluginStamp, "utf8") !== pluginHash) {
    // A name per content, so npm never keeps an older tarball's files under the same file: spec.
    for (const f of fs.readdirSync(dir)) if (f.endsWith(".tgz")) fs.rmSync(path.join(dir, f))
    const local = `medusa-plugin-acquiring-${pluginHash.slice(0, 12)}.tgz`
    fs.copyFileSync(tarball, path.join(dir, local))
    const t0 = Date.now()
    run(
      ["install", `./${local}`, "--legacy-peer-deps=false", "--no-audit", "--no-fund", "--loglevel=error"],
      dir,
      `npm install of the packed plugin into the Medusa ${version} store (no --legacy-peer-deps)`,
    )
    // Any invalid or missing peer makes `npm ls` fail: the tree is what npm would keep.
    run(
      ["ls", "medusa-plugin-acquiring", "@medusajs/medusa", "@medusajs/framework", "@medusajs/admin-sdk"],
      dir,
      "npm ls",
    )
    fs.writeFileSync(pluginStamp, pluginHash)
    log(`Packed plugin installed into the Medusa ${version} store in ${Math.round((Date.now() - t0) / 1000)} s`)
  }
  const installed = require(path.join(dir, "node_modules", "@medusajs", "medusa", "package.json")).version
  if (installed !== version) throw new Error(`expected @medusajs/medusa ${version} in ${dir}, found ${installed}`)
  return dir
}

/** The code block after README's `<!-- install:<name> … -->` line, as a user copies it. */
const readmeBlock = (name) => markedBlock(path.join(ROOT, "README.md"), "install", name)

/**
 * A store project of `version` in a new temp folder, on the installed tree. tsconfig.json is the
 * dtc-starter backend's, with ts-node's transpileOnly where the starter has `"swc": true` (the same
 * effect, without @swc/core in the tree).
 */
function storeProject(version) {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), `acq-install-${version}-`))
  fs.copyFileSync(path.join(appDir(version), "package.json"), path.join(project, "package.json"))
  fs.writeFileSync(path.join(project, "medusa-config.ts"), readmeBlock("medusa-config.ts"))
  fs.writeFileSync(path.join(project, ".env"), readmeBlock(".env"))
  fs.copyFileSync(path.join(SPECS, "store.tsconfig.json"), path.join(project, "tsconfig.json"))
  fs.symlinkSync(path.join(appDir(version), "node_modules"), path.join(project, "node_modules"), "dir")
  return project
}

/** Every store ready; their folders by version. */
function ensureInstallApps({ log = console.error } = {}) {
  const t0 = Date.now()
  const tarball = packPlugin({ log })
  const dirs = {}
  for (const v of INSTALL_VERSIONS) dirs[v] = ensureInstallApp(v, tarball, { log })
  log(`integration:install stores ready in ${Math.round((Date.now() - t0) / 1000)} s`)
  return dirs
}

module.exports = {
  ensureInstallApps,
  storeProject,
  readmeBlock,
  packPlugin,
  packedTarball,
  INSTALL_VERSIONS,
  installAppDir: appDir,
}

if (require.main === module) {
  try {
    // --stores: only step 1, which needs no build (.ci/run runs it beside lint and build).
    if (process.argv.includes("--stores")) for (const v of INSTALL_VERSIONS) ensureStore(v)
    else console.log(Object.values(ensureInstallApps()).join("\n"))
  } catch (e) {
    console.error(e.message)
    process.exit(1)
  }
}
