import fs from "node:fs"
import path from "node:path"

/**
 * The layers of docs/architecture.md, read from the source: who may import whom, and no cycle.
 * Relative imports only (packages are outside the layers); `import type` counts for the layer
 * rules but not for cycles (a type-only cycle does not exist at run time).
 */
const SRC = path.resolve(__dirname, "..")
const rel = (f: string) => path.relative(SRC, f).split(path.sep).join("/")

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === "__tests__" ? [] : sources(p)
    return /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name) ? [p] : []
  })
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec)
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
    (c) => fs.existsSync(c) && fs.statSync(c).isFile(),
  )
}

interface Edge {
  from: string
  to: string
  typeOnly: boolean
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["'](\.{1,2}\/[^"']+)["']/gm

function edges(): Edge[] {
  return sources(SRC).flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(IMPORT)].flatMap((m) => {
      const to = resolve(file, m[3])
      return to ? [{ from: rel(file), to: rel(to), typeOnly: !!m[2] }] : []
    }),
  )
}

const all = edges()
const under = (p: string, dir: string) => p.startsWith(`${dir}/`)
const offenders = (pred: (e: Edge) => boolean) => all.filter(pred).map((e) => `${e.from} → ${e.to}`)

describe("layers (docs/architecture.md)", () => {
  it("reads the source's imports (the checks below see real edges)", () => {
    expect(all.length).toBeGreaterThan(300)
    expect(all.some((e) => e.from.startsWith("providers/acquiring/") && e.to.startsWith("lib/acquiring/"))).toBe(true)
  })

  it("nothing outside the provider imports from inside it except its index.ts", () => {
    expect(
      offenders(
        (e) =>
          !under(e.from, "providers/acquiring") &&
          under(e.to, "providers/acquiring") &&
          e.to !== "providers/acquiring/index.ts",
      ),
    ).toEqual([])
  })

  it("the gateway client imports only itself", () => {
    expect(offenders((e) => under(e.from, "gateway") && !under(e.to, "gateway"))).toEqual([])
  })

  it("the sandbox imports only itself and the gateway client", () => {
    expect(offenders((e) => under(e.from, "sandbox") && !under(e.to, "sandbox") && !under(e.to, "gateway"))).toEqual([])
  })

  it("the doctor CLI imports only itself, the gateway client and the domain library; nothing imports it", () => {
    const allowed = ["doctor", "gateway", "lib"]
    expect(offenders((e) => under(e.from, "doctor") && !allowed.some((d) => under(e.to, d)))).toEqual([])
    expect(offenders((e) => !under(e.from, "doctor") && under(e.to, "doctor"))).toEqual([])
  })

  it("the domain library imports no provider, workflow, route, subscriber, job or admin file", () => {
    const above = ["providers", "workflows", "api", "subscribers", "jobs", "admin"]
    expect(offenders((e) => under(e.from, "lib") && above.some((d) => under(e.to, d)))).toEqual([])
  })

  it("the storefront kit imports no provider, workflow, route, module or admin file (it runs in browsers)", () => {
    const server = ["providers", "workflows", "api", "modules", "subscribers", "jobs", "admin", "sandbox"]
    expect(offenders((e) => under(e.from, "storefront") && server.some((d) => under(e.to, d)))).toEqual([])
  })

  it("no import cycle among run-time imports", () => {
    const next = new Map<string, string[]>()
    for (const e of all.filter((x) => !x.typeOnly)) next.set(e.from, [...(next.get(e.from) ?? []), e.to])
    const state = new Map<string, "open" | "done">()
    const cycles: string[] = []
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === "done") return
      if (state.get(f) === "open") return void cycles.push([...trail.slice(trail.indexOf(f)), f].join(" → "))
      state.set(f, "open")
      for (const t of next.get(f) ?? []) visit(t, [...trail, f])
      state.set(f, "done")
    }
    for (const f of next.keys()) visit(f, [])
    expect(cycles).toEqual([])
  })
})

/**
 * The storefront kit (`medusa-plugin-acquiring/storefront`) goes into storefronts that have no Medusa server:
 * every file it reaches through relative imports, type-only ones included (its .d.ts files import what they
 * do), imports only packages of package.json's `dependencies` (no peer, no Node built-in: it runs in
 * browsers), and no peer is required, so neither npm nor pnpm installs @medusajs/medusa and
 * @medusajs/framework (1,145 packages) into a storefront that installs the plugin for the kit (#27).
 */
describe("the storefront kit without the Medusa server (#27)", () => {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(SRC, "..", "package.json"), "utf8"))
  // from "x", import "x", import("x"), require("x"): relative and bare, type-only included.
  const ANY_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g

  function closure(entry: string): { files: string[]; packages: Map<string, string[]> } {
    const files = new Set<string>()
    const packages = new Map<string, string[]>()
    const visit = (file: string) => {
      if (files.has(file)) return
      files.add(file)
      for (const [, spec] of fs.readFileSync(file, "utf8").matchAll(ANY_IMPORT)) {
        if (spec.startsWith(".")) {
          const to = resolve(file, spec)
          if (!to) throw new Error(`${rel(file)}: cannot resolve ${spec}`)
          visit(to)
        } else {
          const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]
          packages.set(name, [...(packages.get(name) ?? []), rel(file)])
        }
      }
    }
    visit(path.join(SRC, entry))
    return { files: [...files].map(rel), packages }
  }

  it("follows the kit's imports into the domain library and the gateway client", () => {
    const { files, packages } = closure("storefront/index.ts")
    expect(files).toEqual(
      expect.arrayContaining(["storefront/session.ts", "lib/acquiring/snapshot/storefront-data.ts"]),
    )
    expect([...packages.keys()]).toContain("zod")
  })

  it("imports, through every file it reaches, only packages of `dependencies`", () => {
    const { packages } = closure("storefront/index.ts")
    const deps = new Set(Object.keys(pkg.dependencies))
    const outside = [...packages]
      .filter(([name]) => !deps.has(name))
      .map(([name, from]) => `${name} ← ${from.join(", ")}`)
    expect(outside).toEqual([])
  })

  it("requires no peer: the Medusa server's (@medusajs/medusa, framework, admin-sdk) and the admin's are optional", () => {
    const peers = Object.keys(pkg.peerDependencies)
    expect(peers).toEqual(expect.arrayContaining(["@medusajs/medusa", "@medusajs/framework", "@medusajs/admin-sdk"]))
    expect(peers.filter((p) => pkg.peerDependenciesMeta?.[p]?.optional !== true)).toEqual([])
    // A dependency would be installed whatever the meta says.
    expect(Object.keys(pkg.dependencies).filter((d) => d.startsWith("@medusajs/") || d === "react")).toEqual([])
  })
})
