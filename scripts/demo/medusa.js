/**
 * Medusa's CLI under tsx, so medusa-config.ts and src/** load from TypeScript source
 * (Medusa's own bin tries ts-node, which this repo does not install).
 * Run as: node --import tsx scripts/demo/medusa.js <command> [args]
 */
process.env.MEDUSA_DISABLE_TELEMETRY ??= "true"
require("@medusajs/cli/dist/index.js")
