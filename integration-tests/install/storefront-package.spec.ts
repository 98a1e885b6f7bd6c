/**
 * The storefront kit as its own package, `medusa-plugin-acquiring-storefront` (#27): packages/storefront,
 * compiled from the plugin's src/storefront (scripts/storefront-kit.js) and packed. A bare app
 * (`npm init -y`, nothing else) that installs it gets the kit and zod and nothing more: no peers, so a
 * pnpm workspace has nothing to link into it (pnpm#11155 links the backend's packages into the plugin's
 * optional peers). Its exports are the plugin's `./storefront` entry's, name for name.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { KIT, packStorefrontKit } from "../../scripts/storefront-kit"
import * as pluginEntry from "../../src/storefront"

jest.setTimeout(180_000)

const npm = process.platform === "win32" ? "npm.cmd" : "npm"
const ROOT = path.resolve(__dirname, "..", "..")
const kitPkg = JSON.parse(fs.readFileSync(path.join(KIT, "package.json"), "utf8"))
const rootPkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))

function run(cmd: string, args: string[], cwd: string): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
  return { status: r.status, out: `${r.stdout}${r.stderr}` }
}

let app: string
let packed: string[]
let locked: string[]

beforeAll(() => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), "acq-bare-kit-"))
  const tarball = packStorefrontKit(path.join(app, "pack"))
  packed = run("tar", ["-tzf", tarball], app).out.split("\n").filter(Boolean)
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "bare-storefront", private: true }))
  // --legacy-peer-deps=false spelled out: npm 7+'s own peer handling, whatever the user's config says.
  const install = run(npm, ["install", tarball, "--legacy-peer-deps=false", "--no-audit", "--no-fund"], app)
  if (install.status !== 0) throw new Error(`npm install of the kit's tarball into a bare app failed:\n${install.out}`)
  const lock = JSON.parse(fs.readFileSync(path.join(app, "package-lock.json"), "utf8"))
  locked = Object.keys(lock.packages).filter(Boolean)
})

afterAll(() => {
  if (app) fs.rmSync(app, { recursive: true, force: true })
})

describe("medusa-plugin-acquiring-storefront", () => {
  it("is the plugin's version, depends on the plugin's zod alone and has no peers", () => {
    expect(kitPkg.version).toBe(rootPkg.version)
    expect(kitPkg.dependencies).toEqual({ zod: rootPkg.dependencies.zod })
    expect(kitPkg.peerDependencies).toBeUndefined()
    expect(kitPkg.optionalDependencies).toBeUndefined()
  })

  it("packs its build, its README and package.json, and its code requires only zod and its own files", () => {
    expect(packed.filter((f) => !/^package\/(dist\/.+\.(js|d\.ts)|README\.md|package\.json)$/.test(f))).toEqual([])
    expect(packed).toContain("package/dist/storefront/index.js")
    const dist = path.join(app, "node_modules", kitPkg.name, "dist")
    const required = fs
      .readdirSync(dist, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".js"))
      .flatMap((f) =>
        [...fs.readFileSync(path.join(dist, f), "utf8").matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]),
      )
    expect([...new Set(required.filter((r) => !r.startsWith(".")))]).toEqual(["zod"])
  })

  it("installs into a bare app as itself and zod: 2 packages, no @medusajs, no React", () => {
    expect(locked.sort()).toEqual([`node_modules/${kitPkg.name}`, "node_modules/zod"])
    const ls = run(npm, ["ls", "--all"], app)
    expect({ status: ls.status, out: ls.status === 0 ? "" : ls.out }).toEqual({ status: 0, out: "" })
  })

  it("exports what medusa-plugin-acquiring/storefront exports, through require() and import()", () => {
    const script = `
      const cjs = require(${JSON.stringify(kitPkg.name)})
      import(${JSON.stringify(kitPkg.name)}).then((esm) => {
        const names = (m) => Object.keys(m).filter((k) => !["default", "module.exports", "__esModule"].includes(k)).sort()
        console.log(JSON.stringify({ cjs: names(cjs), esm: names(esm) }))
      })`
    const r = run(process.execPath, ["-e", script], app)
    expect(r.status).toBe(0)
    const names = Object.keys(pluginEntry).sort()
    expect(names.length).toBeGreaterThan(30)
    expect(JSON.parse(r.out.trim().split("\n").pop() as string)).toEqual({ cjs: names, esm: names })
  })
})
