#!/usr/bin/env node
/**
 * Reports how much of src (tests left out) is comments: comment lines as a share of non-blank lines,
 * the comment lines that name a file path, and those that quote a measurement. Exit 1 when a goal is missed.
 *
 *   node scripts/comment-report.js            the three figures
 *   node scripts/comment-report.js --list     also every comment line naming a path or a measurement
 */
const fs = require("node:fs")
const path = require("node:path")
const ts = require("typescript")

const ROOT = path.resolve(__dirname, "..")
const SRC = path.join(ROOT, "src")
/** The share the team aims for (Medusa's payment module and payment-stripe sit near 6 %). */
const GOAL_PERCENT = 8

// A path: a known top folder, a relative ./ or ../, or a folder/file with a source or doc extension.
const PATH_RE =
  /(?:^|[\s(`'"[])(?:\.{1,2}\/[\w.-]|(?:src|docs|scripts|bench|integration-tests|examples|packages|demo|node_modules)\/[\w.[\]-]|[\w.[\]-]+\/[\w.[\]/-]*\.(?:tsx?|[cm]?js|json|md)\b)/
// A measurement: a number with a unit of time, size, rate or ratio.
const MEASURE_RE = /\b\d[\d,.]*\s?(?:ms|s|min|KB|MB|GB|KiB|MiB|GiB|%|×|x faster|queries|q\/s|req\/s)(?![\w])/

/** Source files of src, without tests. */
function sources(dir) {
  const out = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== "__tests__" && e.name !== "__fixtures__") out.push(...sources(p))
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.(spec|test)\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) {
      out.push(p)
    }
  }
  return out
}

/** Per line of one file: does it hold code, and the comment text on it. */
function scan(file) {
  const text = fs.readFileSync(file, "utf8")
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line
  const code = new Set()
  const comments = new Map()
  const seen = new Set()
  const addComments = (ranges) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue
      seen.add(r.pos)
      const body = text.slice(r.pos, r.end).split("\n")
      body.forEach((line, i) => comments.set(lineOf(r.pos) + i, line))
    }
  }
  const visit = (node) => {
    // JSDoc blocks come back as child nodes: they are comments, read through the comment ranges.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return
    addComments(ts.getLeadingCommentRanges(text, node.pos))
    addComments(ts.getTrailingCommentRanges(text, node.end))
    const children = node.getChildren(sf)
    if (children.length === 0 && node.kind !== ts.SyntaxKind.EndOfFileToken) {
      for (let l = lineOf(node.getStart(sf)); l <= lineOf(node.end); l++) code.add(l)
    }
    children.forEach(visit)
  }
  visit(sf)
  const lines = text.split("\n")
  const nonBlank = lines.filter((l) => l.trim()).length
  const commentOnly = [...comments.entries()].filter(([l, t]) => !code.has(l) && t.trim())
  return { nonBlank, commentOnly }
}

function report({ list = false } = {}) {
  let nonBlank = 0
  let commentLines = 0
  const withPath = []
  const withMeasure = []
  for (const file of sources(SRC)) {
    const r = scan(file)
    nonBlank += r.nonBlank
    commentLines += r.commentOnly.length
    const rel = path.relative(ROOT, file)
    for (const [line, t] of r.commentOnly) {
      if (PATH_RE.test(t)) withPath.push(`${rel}:${line + 1}: ${t.trim()}`)
      if (MEASURE_RE.test(t)) withMeasure.push(`${rel}:${line + 1}: ${t.trim()}`)
    }
  }
  const share = nonBlank ? (100 * commentLines) / nonBlank : 0
  console.log(
    `comments: ${commentLines} of ${nonBlank} non-blank lines of src (tests left out) are comment lines, ` +
      `${share.toFixed(1)} % (goal ≤ ${GOAL_PERCENT} %); ${withPath.length} name a path (goal 0), ` +
      `${withMeasure.length} quote a measurement (goal 0)` +
      (list ? "" : "; node scripts/comment-report.js --list names them"),
  )
  if (list) for (const l of [...withPath, ...withMeasure]) console.log(`  ${l}`)
  return { commentLines, nonBlank, share, withPath, withMeasure }
}

module.exports = { report, PATH_RE, MEASURE_RE }

// Lint fails when src goes back over the goal or a comment names a path or quotes a measurement.
if (require.main === module) {
  const r = report({ list: process.argv.includes("--list") })
  if (r.share > GOAL_PERCENT || r.withPath.length || r.withMeasure.length) {
    console.error("comments: over the goal; node scripts/comment-report.js --list names the lines to fix")
    process.exitCode = 1
  }
}
