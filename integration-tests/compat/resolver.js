/**
 * Jest resolver of the `integration:compat` kind: every `@medusajs/*` request — from our source, the
 * specs, and Medusa's own packages — resolves in the folder where scripts/compat-medusa.js installed the
 * lowest supported Medusa, so the app under test is that version throughout (one copy of each package).
 * Everything else (our own dependencies such as zod and qs, jest's helpers) resolves as usual.
 */
const path = require("node:path")
const { COMPAT_DIR } = require("../../scripts/compat-medusa")

const MEDUSA = /^@medusajs\//
const IN_COMPAT = COMPAT_DIR + path.sep

module.exports = (request, options) => {
  // Requests from inside the installed Medusa already resolve there, as in a store.
  if (MEDUSA.test(request) && !options.basedir.startsWith(IN_COMPAT)) {
    return options.defaultResolver(request, { ...options, basedir: COMPAT_DIR })
  }
  return options.defaultResolver(request, options)
}
