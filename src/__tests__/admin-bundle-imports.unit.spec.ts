/**
 * Every package the built admin bundle imports is declared where a store's package manager sees it
 * (peerDependencies or dependencies, never only devDependencies), in a range that admits what Medusa's
 * dashboard ships at both ends of the supported range. Under pnpm an undeclared import resolves through
 * node_modules/.pnpm/node_modules, whatever copy was hoisted there (a Next.js storefront's React 19 ones),
 * and every admin page of the plugin crashed with "No QueryClient set" (#27).
 *
 * Reads .medusa/server/src/admin/index.mjs and index.js as `npm run build` left them (CI builds before
 * `npm test`, and `npm test` builds first when they are missing). The imports are read by esbuild's parser
 * (its metafile lists every import and require() of a file with its kind), not by a regular expression.
 */
import { buildSync } from "esbuild"
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"

// semver is in node_modules through Medusa's and jest's own dependencies, without @types/semver:
// the two functions this file calls, typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver: {
  satisfies(version: string, range: string): boolean
  minVersion(range: string): { version: string } | null
} = require("semver")

const ROOT = path.resolve(__dirname, "..", "..")
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"))
const BUNDLES = [".medusa/server/src/admin/index.mjs", ".medusa/server/src/admin/index.js"]

/**
 * What @medusajs/dashboard depends on at the lowest and the highest supported Medusa
 * (`npm view @medusajs/dashboard@<v> dependencies`); @medusajs/admin-sdk is released with Medusa.
 */
const DASHBOARD: Record<string, Record<string, string>> = {
  "2.18.0": {
    "@medusajs/admin-sdk": "2.18.0",
    "@medusajs/icons": "2.18.0",
    "@medusajs/js-sdk": "2.18.0",
    "@medusajs/ui": "4.2.0",
    "@tanstack/react-query": "5.64.2",
    react: "^18.3.1",
    "react-router-dom": "6.30.4",
  },
  "2.21.2": {
    "@medusajs/admin-sdk": "2.21.2",
    "@medusajs/icons": "2.21.2",
    "@medusajs/js-sdk": "2.21.2",
    "@medusajs/ui": "4.2.6",
    "@tanstack/react-query": "5.64.2",
    react: "^18.3.1",
    "react-router-dom": "7.18.2",
  },
}

/** The package a bare specifier names: "@scope/name/sub" → "@scope/name", "react/jsx-runtime" → "react". */
function packageOf(specifier: string): string {
  const parts = specifier.split("/")
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]
}

/** The bare specifiers one built file imports or requires (relative files are followed, packages kept out). */
function importsOf(file: string): { path: string; kind: string }[] {
  const { metafile } = buildSync({
    entryPoints: [path.join(ROOT, file)],
    bundle: true, // follows the bundle's own relative chunks, if any; every package stays external
    packages: "external",
    platform: "neutral",
    write: false,
    metafile: true,
    logLevel: "silent",
  })
  return Object.values(metafile!.inputs).flatMap((input) =>
    input.imports.filter((i) => i.external).map((i) => ({ path: i.path, kind: i.kind })),
  )
}

const found: Record<string, { path: string; kind: string }[]> = {}

beforeAll(() => {
  const missing = BUNDLES.filter((f) => !existsSync(path.join(ROOT, f)))
  if (missing.length) {
    throw new Error(
      `No admin bundle (${missing.join(", ")}): run \`npm run build\` first (\`npm test\` and CI build it before the unit tests).`,
    )
  }
  for (const f of BUNDLES) found[f] = importsOf(f)
})

const packagesOf = (f: string) => [...new Set(found[f].map((i) => packageOf(i.path)))].sort()

describe("the admin bundle's imports (#27)", () => {
  it("are read from both formats: import statements in index.mjs, require() calls in index.js, the same packages", () => {
    const [esm, cjs] = BUNDLES
    expect(new Set(found[esm].map((i) => i.kind))).toEqual(new Set(["import-statement"]))
    expect(new Set(found[cjs].map((i) => i.kind))).toEqual(new Set(["require-call"]))
    expect(packagesOf(cjs)).toEqual(packagesOf(esm))
    // The admin pages use all of these; a parser that found fewer would make the next tests vacuous.
    expect(packagesOf(esm)).toEqual(
      expect.arrayContaining(["@medusajs/ui", "@tanstack/react-query", "react-router-dom", "react"]),
    )
  })

  it("are each declared in peerDependencies or dependencies (not only devDependencies)", () => {
    const declared = new Set([...Object.keys(pkg.peerDependencies ?? {}), ...Object.keys(pkg.dependencies ?? {})])
    const undeclared = BUNDLES.flatMap((f) =>
      found[f].filter((i) => !declared.has(packageOf(i.path))).map((i) => `${f}: ${i.path}`),
    )
    expect(undeclared).toEqual([])
  })

  it("that are peers admit what Medusa's dashboard ships at 2.18.0 and at 2.21.2", () => {
    const peers = packagesOf(BUNDLES[0]).filter((p) => pkg.peerDependencies?.[p])
    expect(peers.length).toBeGreaterThan(5)
    const refused: string[] = []
    for (const [medusa, shipped] of Object.entries(DASHBOARD)) {
      for (const peer of peers) {
        const version = shipped[peer] && semver.minVersion(shipped[peer])?.version
        if (!version) refused.push(`${peer}: no version recorded for Medusa ${medusa} (add it to DASHBOARD)`)
        else if (!semver.satisfies(version, pkg.peerDependencies[peer]))
          refused.push(`${peer}@${version} (Medusa ${medusa}) outside ${pkg.peerDependencies[peer]}`)
      }
    }
    expect(refused).toEqual([])
  })

  it("that only the admin needs are optional peers (a storefront installing the kit is not made to install them)", () => {
    // Medusa's own packages stay required peers, as before; the rest of what the bundle imports is admin-only.
    const required = new Set(["@medusajs/admin-sdk", "@medusajs/framework", "@medusajs/medusa"])
    const adminOnly = packagesOf(BUNDLES[0]).filter((p) => pkg.peerDependencies?.[p] && !required.has(p))
    expect(adminOnly.filter((p) => pkg.peerDependenciesMeta?.[p]?.optional !== true)).toEqual([])
  })
})
