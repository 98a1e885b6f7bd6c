/**
 * `integration:starter` only: build when stale, pack, and prepare the starter's workspace per Medusa version
 * (scripts/starter-app.js: pnpm install, the guide's backend and storefront steps) once before the spec
 * files. `npm test` has done it already (ACQUIRING_STARTER_PREPARED) to list a failed install as a failure.
 */
const { ensureStarters } = require("../../scripts/starter-app")

module.exports = async () => {
  if (process.env.ACQUIRING_STARTER_PREPARED === "1") return
  ensureStarters({ log: (m) => process.stderr.write(`${m}\n`) })
}
