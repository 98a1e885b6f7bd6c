/**
 * `integration:compat` only: make sure the app under test really is the lowest supported Medusa
 * (the resolver sends every @medusajs/* request to its folder), so a green run proves that version.
 */
const path = require("node:path")
const { COMPAT_DIR, COMPAT_VERSION } = require("../../scripts/compat-medusa")

for (const pkg of ["@medusajs/framework/utils", "@medusajs/medusa/core-flows", "@medusajs/test-utils"]) {
  const file = require.resolve(pkg)
  if (!file.startsWith(COMPAT_DIR + path.sep)) throw new Error(`${pkg} resolved outside ${COMPAT_DIR}: ${file}`)
}
const { version } = require(path.join(COMPAT_DIR, "node_modules", "@medusajs", "medusa", "package.json"))
if (version !== COMPAT_VERSION) throw new Error(`expected Medusa ${COMPAT_VERSION} in ${COMPAT_DIR}, found ${version}`)
