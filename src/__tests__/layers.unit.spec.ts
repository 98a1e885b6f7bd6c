import fs from "node:fs"
import path from "node:path"

/**
 * The layers of docs/architecture.md, read from the source: who may import whom, and no cycle.
 * Relative imports only (packages are outside the layers); `import type` counts for the layer
 * rules and for cycles (a type-only cycle still ties the files' changes together).
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

/** Each strongly connected set of files (Tarjan), sorted: every file in one reaches every other through imports. */
function importCycles(edges: Edge[]): string[] {
  const next = new Map<string, string[]>()
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const out: string[] = []
  const connect = (f: string) => {
    index.set(f, index.size)
    low.set(f, index.get(f)!)
    stack.push(f)
    onStack.add(f)
    for (const t of next.get(f) ?? []) {
      if (!index.has(t)) {
        connect(t)
        low.set(f, Math.min(low.get(f)!, low.get(t)!))
      } else if (onStack.has(t)) low.set(f, Math.min(low.get(f)!, index.get(t)!))
    }
    if (low.get(f) !== index.get(f)) return
    const set: string[] = []
    for (let t = stack.pop()!; ; t = stack.pop()!) {
      onStack.delete(t)
      set.push(t)
      if (t === f) break
    }
    if (set.length > 1 || next.get(f)?.includes(f)) out.push(set.sort().join(" ⇄ "))
  }
  for (const f of next.keys()) if (!index.has(f)) connect(f)
  return out.sort()
}

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

  it("no import cycle, type-only imports included", () => {
    expect(importCycles(all)).toEqual([])
  })

  it("finds a cycle through a type-only import", () => {
    const edge = (from: string, to: string, typeOnly = false) => ({ from, to, typeOnly })
    expect(
      importCycles([edge("a.ts", "b.ts"), edge("b.ts", "c.ts", true), edge("c.ts", "a.ts"), edge("c.ts", "d.ts")]),
    ).toEqual(["a.ts ⇄ b.ts ⇄ c.ts"])
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
