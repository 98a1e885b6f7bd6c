/**
 * What `npm publish` would ship, read from `npm pack --dry-run --json` of the built package:
 * a declaration next to every export, the files README links to, and nothing of the tests,
 * fixtures, benchmarks or demo. Builds first when .medusa/server is missing (a fresh clone);
 * CI runs `npm run build` before `npm test`, so there it reads that build.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..", "..")
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"))

/** npm itself: the one running `npm test` when there is one, else npm on PATH. */
function npm(args: string[], opts: { stdio?: "pipe" | "inherit" } = {}): string {
  const [cmd, pre] = process.env.npm_execpath?.endsWith(".js")
    ? [process.execPath, [process.env.npm_execpath]]
    : ["npm", []]
  return execFileSync(cmd, [...pre, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", opts.stdio ?? "pipe", "pipe"],
  })
}

let files: Set<string>

beforeAll(() => {
  if (!existsSync(path.join(ROOT, ".medusa", "server", "src"))) npm(["run", "build"], { stdio: "inherit" })
  // --ignore-scripts: list what is there, build nothing (the build is the thing under test).
  const [result] = JSON.parse(npm(["pack", "--dry-run", "--json", "--ignore-scripts"]))
  files = new Set(result.files.map((f: { path: string }) => f.path))
}, 180_000)

const shipped = () => [...files]
const BUILT = ".medusa/server/src/"

/** The packed files a subpath pattern ("./providers/*" → "./.medusa/server/src/providers/*\/index.js") matches. */
function matches(target: string): { file: string; star: string }[] {
  const [before, after = ""] = target.replace(/^\.\//, "").split("*")
  if (!target.includes("*")) return files.has(before) ? [{ file: before, star: "" }] : []
  return shipped()
    .filter((f) => f.startsWith(before) && f.endsWith(after) && f.length > before.length + after.length)
    .map((f) => ({ file: f, star: f.slice(before.length, f.length - after.length) }))
}

describe("the packed package", () => {
  it("has a types condition beside every JavaScript export, and the declaration it names is shipped", () => {
    const missing: string[] = []
    let checked = 0
    for (const [subpath, target] of Object.entries<any>(pkg.exports)) {
      if (subpath === "./package.json" || subpath === "./admin") continue // JSON; the admin bundle Vite builds
      if (typeof target !== "object" || !target.types || !target.default) {
        missing.push(`${subpath}: no { types, default } conditions`)
        continue
      }
      // The admin bundle (Vite's, no TypeScript exports) is reached through "./*" too.
      const js = matches(target.default).filter(({ file }) => !file.startsWith(`${BUILT}admin/`))
      if (!js.length) missing.push(`${subpath}: ${target.default} matches no shipped file`)
      for (const { file, star } of js) {
        const dts = target.types.replace(/^\.\//, "").replace("*", star)
        checked++
        if (!files.has(dts)) missing.push(`${subpath}: ${file} has no ${dts}`)
      }
    }
    expect(missing).toEqual([])
    // gateway, sandbox, workflows, the provider, the payout module (twice) and the "./*" files.
    expect(checked).toBeGreaterThan(6)
  })

  it("ships the declarations of the named entry points", () => {
    for (const entry of ["gateway", "sandbox", "workflows", "providers/acquiring", "modules/payout"]) {
      expect(files).toContain(`${BUILT}${entry}/index.d.ts`)
      expect(files).toContain(`${BUILT}${entry}/index.js`)
    }
  })

  it("ships a declaration for every compiled module outside the admin bundle", () => {
    const js = shipped().filter((f) => f.startsWith(BUILT) && f.endsWith(".js") && !f.startsWith(`${BUILT}admin/`))
    expect(js.length).toBeGreaterThan(50)
    expect(js.filter((f) => !files.has(f.replace(/\.js$/, ".d.ts")))).toEqual([])
  })

  it("points typesVersions (moduleResolution node10) at shipped declarations", () => {
    for (const [key, [target]] of Object.entries<string[]>(pkg.typesVersions["*"])) {
      const found = target.includes("*") ? matches(target) : files.has(target) ? [target] : []
      expect({ key, found: found.length > 0 }).toEqual({ key, found: true })
    }
  })

  it("ships LICENSE, README, the docs and examples README links to, and every CLI", () => {
    expect(files).toContain("LICENSE")
    expect(files).toContain("README.md")
    expect(Object.keys(pkg.bin).sort()).toEqual(["acquiring-doctor", "acquiring-sandbox"])
    for (const bin of Object.values<string>(pkg.bin)) expect(files).toContain(bin.replace(/^\.\//, ""))
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8")
    // Relative links (not URLs, not #anchors), without a trailing #anchor.
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1].split("#")[0])
      .filter((l) => l && !/^[a-z]+:/i.test(l))
    expect(links.length).toBeGreaterThan(0)
    expect(links.filter((l) => !files.has(path.posix.normalize(l)))).toEqual([])
    for (const doc of [
      "docs/sandbox.md",
      "docs/payouts.md",
      "docs/assumptions.md",
      "docs/reliability.md",
      "docs/go-live.md",
    ]) {
      expect(files).toContain(doc)
    }
  })

  it("ships no tests, fixtures, integration tests, benchmarks, demo, scripts or TypeScript sources", () => {
    const forbidden = shipped().filter(
      (f) =>
        /(^|\/)(__tests__|__fixtures__|fixtures?|integration-tests|bench|demo|scripts|node_modules|\.data)\//.test(f) ||
        /\.(spec|test)\.[cm]?[jt]sx?$/.test(f) ||
        /(^|\/)\.env/.test(f) ||
        (f.startsWith("src/") && /\.tsx?$/.test(f)) ||
        (/\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !f.startsWith("examples/")),
    )
    expect(forbidden).toEqual([])
  })
})
