#!/usr/bin/env node
/**
 * Code blocks of a README marked by an HTML comment on the line before them (`<!-- install:<name> … -->`,
 * `<!-- example: <file> -->`), so tests and type checks read the README's own text.
 *
 *   node scripts/readme-blocks.js   fails when a block of the kit's README differs from the example file it
 *                                   names (`npm run typecheck` checks those files against the kit), or when
 *                                   README.md outgrows its limit
 */
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")
const KIT = path.join(ROOT, "packages", "storefront")
/** The README is for a shop's developer, in the order of Medusa's provider pages; the rest lives in docs/. */
const README_MAX_LINES = 250

/** Each block of `text` marked `<!-- <tag>:<name> … -->`: the name and the block's text. */
function markedBlocks(text, tag) {
  const re = new RegExp(`^<!-- ${tag}: ?(\\S+)[^\\n]*-->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)^\`\`\`$`, "gm")
  return [...text.matchAll(re)].map((m) => ({ name: m[1], block: m[2] }))
}

/** The block of `file` marked `<!-- <tag>:<name> … -->`; throws naming the marker when there is none. */
function markedBlock(file, tag, name) {
  const found = markedBlocks(fs.readFileSync(file, "utf8"), tag).find((b) => b.name === name)
  if (!found) throw new Error(`${path.basename(file)} has no code block after a "<!-- ${tag}:${name} … -->" line`)
  return found.block
}

function check() {
  const readme = fs.readFileSync(path.join(KIT, "README.md"), "utf8")
  const blocks = markedBlocks(readme, "example")
  const problems = []
  const lines = fs.readFileSync(path.join(ROOT, "README.md"), "utf8").trimEnd().split("\n").length
  if (lines > README_MAX_LINES)
    problems.push(`README.md has ${lines} lines, at most ${README_MAX_LINES}: move detail into docs/`)
  if (blocks.length === 0) problems.push("packages/storefront/README.md has no <!-- example: … --> block")
  for (const { name: file, block } of blocks) {
    const full = path.join(KIT, file)
    if (!fs.existsSync(full)) problems.push(`packages/storefront/README.md names ${file}, which does not exist`)
    else if (fs.readFileSync(full, "utf8") !== block)
      problems.push(`packages/storefront/README.md: the block before ${file} differs from the file; copy it over`)
  }
  return { blocks, problems }
}

module.exports = { markedBlocks, markedBlock, check }

if (require.main === module) {
  const { blocks, problems } = check()
  for (const p of problems) console.error(p)
  if (problems.length) process.exit(1)
  console.log(`kit README: ${blocks.length} example blocks match their type-checked files`)
}
