#!/usr/bin/env node
/**
 * Refuses commit subjects over 72 characters in commits made after the convention began
 * (`type(scope): subject`, the reasoning in the body). Earlier history is left as it was.
 */
const { spawnSync } = require("node:child_process")

const LIMIT = 72
// Commits made after the limit was adopted are checked (by committer date, so a shallow clone works too).
const SINCE = "2026-11-27T00:00:00Z"

const git = (...args) => spawnSync("git", args, { encoding: "utf8" })

if (git("rev-parse", "--git-dir").status !== 0) {
  console.log("commit subjects: not a git checkout, nothing to check")
  process.exit(0)
}
const log = git("log", "--no-merges", `--since=${SINCE}`, "--format=%h%x09%s", "HEAD")
if (log.status !== 0) {
  console.error(log.stderr)
  process.exit(1)
}
const long = log.stdout
  .split("\n")
  .filter(Boolean)
  .map((line) => line.split("\t"))
  .filter(([, subject]) => subject.length > LIMIT)
for (const [sha, subject] of long)
  console.error(`${sha}: subject of ${subject.length} characters (at most ${LIMIT}): ${subject.slice(0, 80)}…`)
if (long.length) {
  console.error("Put the reasoning in the commit body; the subject is `type(scope): what changed`.")
  process.exit(1)
}
console.log(`commit subjects: every subject since ${SINCE} has at most ${LIMIT} characters`)
