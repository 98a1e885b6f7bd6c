/**
 * Medusa's CLI under tsx, so medusa-config.ts and src/** load from TypeScript source
 * (Medusa's own bin tries ts-node, which this repo does not install, and prints a
 * `Cannot find module 'ts-node'` stack trace when it is missing).
 * Run as: node --import tsx scripts/demo/medusa.js <command> [args]
 * `npm run build` runs `plugin:build` through it without tsx (that command compiles with
 * TypeScript itself and loads no TypeScript).
 */
process.env.MEDUSA_DISABLE_TELEMETRY ??= "true"
require("@medusajs/cli/dist/index.js")
