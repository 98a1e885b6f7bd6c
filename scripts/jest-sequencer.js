/**
 * Jest's order of test files, for the kinds that run two at a time: the files known to take minutes
 * start first, so no worker sits idle at the end of a kind while the other runs a long file alone.
 * Jest's own order (the last run's durations, else file size) follows for the rest; CI starts with an
 * empty jest cache, so without this list a long small file (the chaos shopper) could start last.
 */
const path = require("node:path")
const Sequencer = require("@jest/test-sequencer").default

// Longest first, as `npm test` prints each kind's slowest files.
const LONG = [
  "integration-tests/http/reliability.spec.ts",
  "integration-tests/http/chaos-shopper.spec.ts",
  "integration-tests/http/bulk.spec.ts",
  "integration-tests/http/payment-lock.spec.ts",
  "integration-tests/http/completion-guard.spec.ts",
]

class LongFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (t) => {
      const i = LONG.indexOf(path.relative(t.context.config.rootDir, t.path).split(path.sep).join("/"))
      return i === -1 ? LONG.length : i
    }
    // Array.prototype.sort is stable: jest's order holds among the rest.
    return super.sort(tests).sort((a, b) => rank(a) - rank(b))
  }
}

module.exports = LongFirstSequencer
