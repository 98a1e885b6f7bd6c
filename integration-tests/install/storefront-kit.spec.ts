/**
 * A storefront that installs the packed plugin for its storefront kit gets no Medusa server (#27): in a bare
 * app (`npm init -y`, nothing else) `npm install <tarball>` resolves no @medusajs package at all (before the
 * server peers were optional it resolved 1,145 packages, @medusajs/medusa and @medusajs/framework among them),
 * and `medusa-plugin-acquiring/storefront` loads there, through require() and import().
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { packedTarball } from "../../scripts/install-app"

jest.setTimeout(180_000)

const npm = process.platform === "win32" ? "npm.cmd" : "npm"

function run(cmd: string, args: string[], cwd: string): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
  return { status: r.status, out: `${r.stdout}${r.stderr}` }
}

let app: string
let locked: string[]

beforeAll(() => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), "acq-bare-storefront-"))
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "bare-storefront", private: true }))
  const tarball = path.join(app, "medusa-plugin-acquiring.tgz")
  fs.copyFileSync(packedTarball(), tarball)
  // --legacy-peer-deps=false spelled out: npm 7+'s own peer handling, whatever the user's config says.
  const install = run(npm, ["install", tarball, "--legacy-peer-deps=false", "--no-audit", "--no-fund"], app)
  if (install.status !== 0) throw new Error(`npm install of the tarball into a bare app failed:\n${install.out}`)
  const lock = JSON.parse(fs.readFileSync(path.join(app, "package-lock.json"), "utf8"))
  locked = Object.keys(lock.packages).filter(Boolean)
})

afterAll(() => {
  if (app) fs.rmSync(app, { recursive: true, force: true })
})

describe("a bare app installing the packed plugin for the storefront kit", () => {
  it("resolves no @medusajs package: neither the server (medusa, framework, admin-sdk) nor the admin's", () => {
    expect(locked).toContain("node_modules/medusa-plugin-acquiring")
    expect(locked.filter((p) => /(^|\/)node_modules\/@medusajs\//.test(p))).toEqual([])
    // React only as the admin charts' peer (recharts), which a storefront has anyway; the kit package has none.
    expect(locked.filter((p) => /(^|\/)node_modules\/react(-dom)?$/.test(p))).toEqual([
      "node_modules/react",
      "node_modules/react-dom",
    ])
    expect(fs.existsSync(path.join(app, "node_modules", "@medusajs"))).toBe(false)
    // The plugin's own dependencies (zod, qs, the XML and HTML parsers, currency codes) and theirs: 46 at 0.1.0.
    expect(locked.length).toBeLessThan(100)
  })

  it("has a complete tree: npm ls finds no missing or invalid package", () => {
    const ls = run(npm, ["ls", "--all"], app)
    expect({ status: ls.status, out: ls.status === 0 ? "" : ls.out }).toEqual({ status: 0, out: "" })
  })

  it("loads medusa-plugin-acquiring/storefront through require() and import()", () => {
    const names = ["collectDevice", "startPaymentSession", "completeCart", "storeFetch"]
    const script = `
      const cjs = require("medusa-plugin-acquiring/storefront")
      import("medusa-plugin-acquiring/storefront").then((esm) => {
        const kinds = (m) => ${JSON.stringify(names)}.map((n) => typeof m[n])
        console.log(JSON.stringify({ cjs: kinds(cjs), esm: kinds(esm) }))
      })`
    const r = run(process.execPath, ["-e", script], app)
    expect(r.status).toBe(0)
    const fn = names.map(() => "function")
    expect(JSON.parse(r.out.trim().split("\n").pop() as string)).toEqual({ cjs: fn, esm: fn })
  })
})
