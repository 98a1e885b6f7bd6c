/**
 * `integration:install` only: build when stale, pack, and install the tarball into each fresh store
 * (scripts/install-app.js) once before the spec files, which run two at a time and share nothing else.
 * `npm test` has done it already (ACQUIRING_INSTALL_PREPARED) to list an install failure as a failure.
 */
const { ensureInstallApps } = require("../../scripts/install-app")

module.exports = async () => {
  if (process.env.ACQUIRING_INSTALL_PREPARED === "1") return
  ensureInstallApps({ log: (m) => process.stderr.write(`${m}\n`) })
}
