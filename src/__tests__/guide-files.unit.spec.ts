/**
 * Code the guides tell a developer to paste is kept as a real file too (examples/), which the tests
 * run: the return page of docs/storefront-dtc-starter.md (3.4) is rendered in Chromium by
 * integration-tests/browser/guide-return-page.spec.ts. Here the guide's block and the file must be
 * the same text, so what was tested is what the guide says.
 */
import { readFileSync } from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..", "..")

/** The first fenced block of `lang` after the line `heading` in `doc`. */
function blockAfter(doc: string, heading: string, lang: string): string {
  const text = readFileSync(path.join(ROOT, doc), "utf8")
  const at = text.indexOf(`\n${heading}`)
  if (at < 0) throw new Error(`${doc} has no heading "${heading}"`)
  const fence = new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g")
  fence.lastIndex = at
  const m = fence.exec(text)
  if (!m) throw new Error(`${doc} has no ${lang} block after "${heading}"`)
  return m[1]
}

const RETURN_PAGE = "apps/storefront/src/app/[countryCode]/(checkout)/acquiring-return/[cartId]/page.tsx"

describe("docs/storefront-dtc-starter.md", () => {
  it("3.4's return page is examples/dtc-starter's file, character for character", () => {
    const block = blockAfter("docs/storefront-dtc-starter.md", `### 3.4 New file \`${RETURN_PAGE}\``, "tsx")
    expect(block).toBe(readFileSync(path.join(ROOT, "examples", "dtc-starter", RETURN_PAGE), "utf8"))
  })
})
