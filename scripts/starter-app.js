#!/usr/bin/env node
/**
 * Medusa's official starter (medusajs/dtc-starter, a pnpm workspace) with the packed plugin installed as
 * docs/storefront-dtc-starter.md tells a user to, for the `integration:starter` test kind
 * (integration-tests/starter/). One workspace per Medusa version at the ends of the peer range:
 *
 * - 2.18.0: the starter at the guide's commit with its own lockfile, `pnpm install --frozen-lockfile`;
 * - the newest 2.x (the highest version of integration-tests/install/): the same starter, the backend's
 *   `@medusajs/*` bumped with `pnpm up` in apps/backend, and `@medusajs/ui`, `@tanstack/react-query` and
 *   `react-router-dom` to the versions that Medusa's dashboard depends on (the guide's 2.1: "when you
 *   upgrade Medusa, keep them at the new dashboard's versions").
 *
 * Then the guide's backend step (2.1 `pnpm add <tarball>` in apps/backend, 2.2 medusa-config.ts, 2.3 .env,
 * 2.4 the seed's payment provider) and storefront step (3.1 `pnpm add <kit tarball>` in apps/storefront, the
 * storefront kit's own package packed by scripts/storefront-kit.js, and .env.local), with the code blocks read from the guide itself, so the test follows the guide as written.
 * The database, the admin user and the servers are the spec's (integration-tests/starter/starter-suite.ts).
 *
 *   node scripts/starter-app.js [version …]     build when stale, pack, prepare the workspaces, print them
 *
 * Caches: pnpm's store in node_modules/.cache/pnpm-store (kept by CI caches: a second install downloads
 * nothing), the starter's files in node_modules/.cache/dtc-starter-<commit>.tar. The workspaces themselves
 * live in the OS's temp dir (acquiring-starter-<version>), reused while the tarballs, the guide's blocks and
 * PREPARATION are unchanged: Medusa's CLI loads medusa-config.ts through ts-node, which skips every file whose
 * path contains node_modules/, so the workspace cannot live in node_modules/.cache.
 */
const { spawnSync } = require("node:child_process")
const crypto = require("node:crypto")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { INSTALL_VERSIONS, packedTarball, packPlugin } = require("./install-app")
const { packStorefrontKit } = require("./storefront-kit")

const ROOT = path.resolve(__dirname, "..")
const CACHE = path.join(ROOT, "node_modules", ".cache")
const GUIDE = path.join(ROOT, "docs", "storefront-dtc-starter.md")
/** The starter's commit the guide was written against (its section 7). */
const STARTER_COMMIT = "9233262ff1f04185646f88362918c027e1431cd6"
/** The Medusa version of the starter's own lockfile. */
const STARTER_MEDUSA = "2.18.0"
/** The guide's pnpm (the starter's packageManager field). */
const PNPM = "pnpm@10.11.1"
const STORE_DIR = process.env.ACQUIRING_PNPM_STORE || path.join(CACHE, "pnpm-store")
/** Where the starter comes from: a local bare mirror when there is one, else GitHub's archive of the commit. */
const MIRROR = process.env.ACQUIRING_STARTER_MIRROR || "/work/.mirror/medusajs+dtc-starter/repo"

/** Both ends of the peer range: the starter's own Medusa, and the newest the install kind pins. */
const STARTER_VERSIONS = [STARTER_MEDUSA, INSTALL_VERSIONS[INSTALL_VERSIONS.length - 1]].filter(
  (v, i, all) => all.indexOf(v) === i,
)

const workspaceDir = (version) => path.join(os.tmpdir(), `acquiring-starter-${version}`)
/** Bumped when the preparation below changes what it makes (the workspaces are then made again). */
const PREPARATION = "2"
const sha = (...parts) => parts.reduce((h, p) => h.update(p), crypto.createHash("sha256")).digest("hex")

function run(cmd, args, cwd, what) {
  const t0 = Date.now()
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true", CI: "true", NODE_ENV: "development" },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (r.status !== 0)
    throw new Error(
      `${what} failed (exit ${r.status}) in ${cwd}:\n${((r.stdout || "") + (r.stderr || "")).slice(-4000)}`,
    )
  return { out: r.stdout, seconds: Math.round((Date.now() - t0) / 1000) }
}

/** `pnpm <args>` with the guide's pnpm and the cached store. */
const pnpm = (args, cwd, what) =>
  run("npx", ["-y", PNPM, ...args, "--store-dir", STORE_DIR, "--reporter=append-only"], cwd, what)

/** The starter's files at STARTER_COMMIT, as a tar in the cache. */
function starterArchive() {
  const tar = path.join(CACHE, `dtc-starter-${STARTER_COMMIT.slice(0, 12)}.tar`)
  if (fs.existsSync(tar)) return tar
  fs.mkdirSync(CACHE, { recursive: true })
  if (fs.existsSync(MIRROR)) {
    run(
      "git",
      [`--git-dir=${MIRROR}`, "archive", "-o", `${tar}.part`, STARTER_COMMIT],
      ROOT,
      "git archive of the starter",
    )
  } else {
    const url = `https://codeload.github.com/medusajs/dtc-starter/tar.gz/${STARTER_COMMIT}`
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "dtc-starter-"))
    run(
      "sh",
      ["-c", `curl -fsSL '${url}' | tar -xz --strip-components=1 -C '${tmp}'`],
      ROOT,
      `download of ${url} (or set ACQUIRING_STARTER_MIRROR to the git directory of a medusajs/dtc-starter clone)`,
    )
    run("tar", ["-cf", `${tar}.part`, "-C", tmp, "."], ROOT, "tar of the starter")
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  fs.renameSync(`${tar}.part`, tar)
  return tar
}

/** The fenced code block of `lang` that follows `heading` in the guide (the first one under it). */
function guideBlock(heading, lang, contains) {
  const text = fs.readFileSync(GUIDE, "utf8")
  const at = text.indexOf(`\n${heading}`)
  if (at < 0) throw new Error(`the guide has no heading "${heading}"`)
  const fence = new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g")
  fence.lastIndex = at
  for (let m = fence.exec(text); m; m = fence.exec(text)) if (!contains || m[1].includes(contains)) return m[1]
  throw new Error(`the guide has no ${lang} block under "${heading}"${contains ? ` with ${contains}` : ""}`)
}

/** The guide's blocks this preparation applies. */
function guide() {
  // 2.4: "change the region's line <block> to <block>".
  const text = fs.readFileSync(GUIDE, "utf8")
  const s24 = text.slice(text.indexOf("\n### 2.4"), text.indexOf("\n### 2.5"))
  const lines = [...s24.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1].trim())
  if (lines.length !== 2) throw new Error(`the guide's 2.4 has ${lines.length} ts blocks, expected 2`)
  return {
    medusaConfig: guideBlock("### 2.2", "ts"),
    env: guideBlock("### 2.3", "bash", "ACQUIRING_MERCHANT_ID"),
    seedFrom: lines[0],
    seedTo: lines[1],
  }
}

/** Sets `key=value` on the line the template already has (the guide: "fill in that line"), else adds it. */
function setEnvLine(text, key, value) {
  const re = new RegExp(`^${key}=.*$`, "m")
  return re.test(text) ? text.replace(re, `${key}=${value}`) : `${text.replace(/\n?$/, "\n")}${key}=${value}\n`
}

/** The versions Medusa's dashboard of `version` depends on, for the admin packages the backend lists itself. */
function dashboardPins(version) {
  const deps = JSON.parse(
    run("npm", ["view", `@medusajs/dashboard@${version}`, "dependencies", "--json"], ROOT, "npm view").out,
  )
  return ["@medusajs/ui", "@tanstack/react-query", "react-router-dom"].map((n) => {
    if (!deps[n]) throw new Error(`@medusajs/dashboard@${version} does not depend on ${n}`)
    return `${n}@${deps[n]}`
  })
}

/**
 * The starter's workspace for `version` with the guide's backend and storefront steps done; returns its
 * folder and how long each step took (seconds; `cached` when the workspace was reused).
 */
function ensureStarter(version, tarball, kitTarball, { log = console.error } = {}) {
  const dir = workspaceDir(version)
  const g = guide()
  const stampValue = sha(
    PREPARATION,
    version,
    STARTER_COMMIT,
    fs.readFileSync(tarball),
    fs.readFileSync(kitTarball),
    JSON.stringify(g),
  )
  const stamp = path.join(dir, ".acquiring-prepared")
  const timingsFile = path.join(dir, ".acquiring-timings.json")
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === stampValue) {
    return { dir, timings: { cached: true, ...JSON.parse(fs.readFileSync(timingsFile, "utf8")) } }
  }
  const timings = {}
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  run("tar", ["-xf", starterArchive(), "-C", dir], ROOT, "extracting the starter")
  const backend = path.join(dir, "apps", "backend")
  const storefront = path.join(dir, "apps", "storefront")
  const local = path.join(dir, "medusa-plugin-acquiring.tgz")
  fs.copyFileSync(tarball, local)
  const localKit = path.join(dir, "medusa-plugin-acquiring-storefront.tgz")
  fs.copyFileSync(kitTarball, localKit)

  // 1. The starter's install: its lockfile as is, or Medusa bumped in the backend.
  log(`dtc-starter ${version}: installing with ${PNPM} in ${dir} …`)
  if (version === STARTER_MEDUSA) {
    timings.install = pnpm(["install", "--frozen-lockfile"], dir, "pnpm install --frozen-lockfile").seconds
  } else {
    const pkg = JSON.parse(fs.readFileSync(path.join(backend, "package.json"), "utf8"))
    const medusa = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
      .filter((n) => n.startsWith("@medusajs/") && n !== "@medusajs/ui")
      .map((n) => `${n}@${version}`)
    timings.install = pnpm(
      ["up", ...medusa, ...dashboardPins(version)],
      backend,
      `pnpm up to Medusa ${version}`,
    ).seconds
  }
  const installed = require(path.join(backend, "node_modules", "@medusajs", "medusa", "package.json")).version
  if (installed !== version) throw new Error(`expected @medusajs/medusa ${version} in ${backend}, found ${installed}`)

  // 2. The backend step (2.1 to 2.4).
  timings.backendAdd = pnpm(["add", local], backend, "pnpm add of the tarball in apps/backend").seconds
  fs.writeFileSync(path.join(backend, "medusa-config.ts"), g.medusaConfig)
  let env = fs.readFileSync(path.join(backend, ".env.template"), "utf8")
  env = setEnvLine(env, "DATABASE_URL", `postgres://postgres@localhost:5432/medusa-dtc-starter`)
  env = `${env.replace(/\n?$/, "\n")}${g.env}`
  fs.writeFileSync(path.join(backend, ".env"), env)
  const seedFile = path.join(backend, "src", "migration-scripts", "initial-data-seed.ts")
  const seed = fs.readFileSync(seedFile, "utf8")
  if (!seed.includes(g.seedFrom)) throw new Error(`the starter's seed has no line ${g.seedFrom}`)
  fs.writeFileSync(seedFile, seed.replace(g.seedFrom, g.seedTo))

  // 3. The storefront step (3.1): the kit's package and .env.local (the key and address are the spec's).
  timings.storefrontAdd = pnpm(
    ["add", localKit],
    storefront,
    "pnpm add of the kit's tarball in apps/storefront",
  ).seconds
  fs.copyFileSync(path.join(storefront, ".env.template"), path.join(storefront, ".env.local"))

  fs.writeFileSync(timingsFile, JSON.stringify(timings))
  fs.writeFileSync(stamp, stampValue)
  log(`dtc-starter ${version} prepared: ${JSON.stringify(timings)} (seconds)`)
  return { dir, timings }
}

/** Every starter workspace ready (packs first when `tarball` / `kitTarball` is not given); their folders by version. */
function ensureStarters({ log = console.error, versions = STARTER_VERSIONS, tarball, kitTarball } = {}) {
  const tgz = tarball || packPlugin({ log })
  const kit = kitTarball || packStorefrontKit(path.join(CACHE, "acquiring-kit-pack"))
  const out = {}
  for (const v of versions) out[v] = ensureStarter(v, tgz, kit, { log })
  return out
}

module.exports = { ensureStarter, ensureStarters, STARTER_VERSIONS, starterWorkspace: workspaceDir, packedTarball }

if (require.main === module) {
  try {
    const asked = process.argv.slice(2).filter((a) => /^\d+\.\d+\.\d+$/.test(a))
    const ready = ensureStarters({ versions: asked.length ? asked : STARTER_VERSIONS })
    for (const [v, r] of Object.entries(ready)) console.log(`${v} ${r.dir} ${JSON.stringify(r.timings)}`)
  } catch (e) {
    console.error(e.message)
    process.exit(1)
  }
}
