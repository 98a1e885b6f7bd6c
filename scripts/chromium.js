/**
 * Finds the Chromium the browser tests drive through playwright-core.
 *
 * Order: CHROMIUM_PATH when set; else Debian's /usr/bin/chromium (apt, what `.ci/run` installs);
 * else the headless Chromium shipped inside the npm package `@sparticuz/chromium` (a devDependency:
 * the browser arrives with `npm install` from the npm registry, nothing is downloaded from a CDN).
 * Set ACQUIRING_BUNDLED_CHROMIUM=1 to force the packaged one (the way ACQUIRING_EMBEDDED_PG=1 forces
 * the embedded PostgreSQL).
 *
 * The packaged browser is brotli-compressed; the first use unpacks it (about 2 s) into
 * node_modules/.cache/acquiring-chromium/<version>, later uses find it there.
 */
const fs = require("node:fs")
const path = require("node:path")
const { execFileSync } = require("node:child_process")

const SYSTEM = "/usr/bin/chromium"
const ROOT = path.resolve(__dirname, "..")

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * @returns {{ executablePath: string, env: Record<string, string>, source: string }}
 *   env: variables the browser process needs on top of process.env.
 */
function findChromium({ log = () => {} } = {}) {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, env: {}, source: "CHROMIUM_PATH" }
  if (process.env.ACQUIRING_BUNDLED_CHROMIUM !== "1" && isExecutable(SYSTEM))
    return { executablePath: SYSTEM, env: {}, source: "Debian" }
  return bundled(log)
}

function bundled(log) {
  // Its `exports` hide package.json from require.resolve: look along the node_modules search path.
  const pkgJson = (require.resolve.paths("@sparticuz/chromium") || [])
    .map((base) => path.join(base, "@sparticuz", "chromium", "package.json"))
    .find((f) => fs.existsSync(f))
  if (!pkgJson)
    throw new Error(
      `No Chromium: ${SYSTEM} is missing and the devDependency @sparticuz/chromium is not installed (run npm install)`,
    )
  const { version } = JSON.parse(fs.readFileSync(pkgJson, "utf8"))
  const dir = path.join(ROOT, "node_modules", ".cache", "acquiring-chromium", version)
  const exe = path.join(dir, "chromium")
  const source = `@sparticuz/chromium ${version}`
  if (!isExecutable(exe)) unpack(dir, version, log)
  // Only the fonts that come with the package, so text renders the same whatever the machine has.
  return { executablePath: exe, env: { FONTCONFIG_FILE: path.join(dir, "fonts.conf") }, source }
}

/**
 * The package unpacks into os.tmpdir(); point that at a private folder and rename it into place
 * when complete, so a run that is interrupted, or two test processes at once, never leave a
 * half-written binary where the next run would take it for a finished one.
 */
function unpack(dir, version, log) {
  const partial = `${dir}.partial-${process.pid}`
  fs.rmSync(partial, { recursive: true, force: true })
  fs.mkdirSync(partial, { recursive: true })
  const started = Date.now()
  log(`unpacking the Chromium of @sparticuz/chromium ${version} into ${path.relative(ROOT, dir)}`)
  try {
    // The package is an ES module; a child process imports it (jest's module system cannot).
    execFileSync(
      process.execPath,
      ["--input-type=module", "-e", "import c from '@sparticuz/chromium'; await c.executablePath()"],
      { cwd: ROOT, env: { ...process.env, TMPDIR: partial }, stdio: ["ignore", "ignore", "inherit"] },
    )
    const fonts = path.join(dir, "fonts")
    fs.writeFileSync(
      path.join(partial, "fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${fonts}</dir>\n  <cachedir>${path.join(dir, "fonts-cache")}</cachedir>\n</fontconfig>\n`,
    )
    if (!isExecutable(path.join(partial, "chromium")))
      throw new Error("@sparticuz/chromium unpacked no chromium binary")
    if (!isExecutable(path.join(dir, "chromium"))) fs.rmSync(dir, { recursive: true, force: true })
    try {
      fs.renameSync(partial, dir)
    } catch (e) {
      // Another process finished first: keep its copy.
      if (!isExecutable(path.join(dir, "chromium"))) throw e
    }
  } finally {
    fs.rmSync(partial, { recursive: true, force: true })
  }
  log(`unpacked in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

module.exports = { findChromium }

if (require.main === module) {
  const c = findChromium({ log: console.error })
  console.log(`${c.executablePath} (${c.source})`)
}
