import fs from "node:fs"
import path from "node:path"
import * as kit from ".."

const ROOT = path.resolve(__dirname, "..")

/** Every file the kit loads, following relative imports (it reuses the provider's DeviceData schema). */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const text = fs.readFileSync(file, "utf8")
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+["'](\.{1,2}\/[^"']+)["']/gm)) {
    const base = path.resolve(path.dirname(file), m[1])
    const next = [`${base}.ts`, path.join(base, "index.ts")].find((f) => fs.existsSync(f))
    if (next) closure(next, seen)
  }
  return seen
}

describe("the kit's shape", () => {
  it("loads nothing but zod and its own small files: no Medusa, no Node built-in, no React (browser and server action)", () => {
    const files = [...closure(path.join(ROOT, "index.ts"))]
    const packages = files.flatMap((f) =>
      [...fs.readFileSync(f, "utf8").matchAll(/^\s*import\s+(?!type\b)[^'"]*?from\s+["']([^."'][^"']*)["']/gm)].map(
        (m) => m[1],
      ),
    )
    expect([...new Set(packages)]).toEqual(["zod"])
    expect(files.length).toBeLessThan(15)
  })

  it("names and logos: cards and the sandbox's APM method; an unknown method gets an escaped generic badge", () => {
    expect(kit.methodDisplay("pp_acquiring_acquiring")?.name).toBe("Card")
    expect(kit.methodDisplay("pp_acquiring-apm_acquiring", "sandbox_wallet")?.name).toBe("Sandbox wallet")
    expect(kit.methodDisplay("pp_system_default")).toBeUndefined()
    const odd = kit.methodDisplay("pp_acquiring-apm_x", "my_bank<script>")!
    expect(odd.svg).not.toContain("<script>")
    expect(kit.methodDisplay("pp_acquiring-apm_x", "__proto__")!.name).toBe("Proto")
    for (const b of Object.values(kit.CARD_BRANDS))
      expect(b.svg).toMatch(/^<svg [^>]*role="img" aria-label="[^"]+">.*<\/svg>$/)
    expect(kit.svgDataUrl(kit.CARD_BRANDS.visa.svg)).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
  })
})
