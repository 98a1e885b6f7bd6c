#!/usr/bin/env node
/**
 * `npm run demo`: the development store with the plugin against the sandbox gateway.
 * PostgreSQL: DATABASE_URL / DB_* or localhost:5432 when they answer, else an embedded one
 * (ACQUIRING_EMBEDDED_PG=1 forces it). Data stays between runs; the first run seeds.
 *
 * Environment: PORT (Medusa, 9000), ACQUIRING_SANDBOX_PORT (8787), STOREFRONT_PORT (8000),
 * ACQUIRING_DEMO_DB (database name, medusa_acquiring_demo), ACQUIRING_DEMO_ADMIN=0 (no dashboard),
 * ACQUIRING_DEMO_ADMIN_EMAIL / ACQUIRING_DEMO_ADMIN_PASSWORD (admin user of the first seed).
 * Ctrl-C stops everything this script started.
 */
const { startStack, DEFAULT_ADMIN } = require("./demo/stack")

const started = Date.now()
const say = (line) => console.log(`[demo] ${line}`)

function banner(s) {
  const cards = s.testCards.map((c) => `    ${c.number}  ${c.description}`)
  return [
    "",
    `  Storefront   ${s.storefrontUrl}`,
    `  Admin        ${s.adminUrl}`,
    `               email ${s.admin.email}   password ${s.admin.password}   (demo credentials)`,
    `  Store API    ${s.backendUrl}/store   publishable key ${s.publishableKey}`,
    `  Sandbox      ${s.sandboxUrl}   inspect ${s.sandboxUrl}/__sandbox/orders`,
    "",
    "  Test cards (any future expiry, any 3-digit CVV):",
    ...cards,
    `    3-D Secure code: ${s.threeDsCode}. Any other Luhn-valid number is approved.`,
    "",
    `  ${s.firstRun ? "Seeded a new store" : "Reused the store of an earlier run"}; PostgreSQL ${s.embeddedPostgres ? "embedded (.data/postgres)" : "of this machine"}.`,
    "  Ctrl-C stops everything.",
    "",
  ].join("\n")
}

async function main() {
  const stack = await startStack({
    port: Number(process.env.PORT || 9000),
    sandboxPort: Number(process.env.ACQUIRING_SANDBOX_PORT || 8787),
    storefrontPort: Number(process.env.STOREFRONT_PORT || 8000),
    dbName: process.env.ACQUIRING_DEMO_DB || "medusa_acquiring_demo",
    adminUi: process.env.ACQUIRING_DEMO_ADMIN !== "0",
    admin: {
      email: process.env.ACQUIRING_DEMO_ADMIN_EMAIL || DEFAULT_ADMIN.email,
      password: process.env.ACQUIRING_DEMO_ADMIN_PASSWORD || DEFAULT_ADMIN.password,
    },
    log: say,
  })
  console.log(banner(stack))
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  let stopping = false
  const shutdown = async (signal) => {
    if (stopping) return
    stopping = true
    say(`${signal}: stopping`)
    const force = setTimeout(() => process.exit(1), 20_000)
    await stack.stop()
    clearTimeout(force)
    say("stopped")
    process.exit(0)
  }
  process.on("SIGINT", () => shutdown("SIGINT"))
  process.on("SIGTERM", () => shutdown("SIGTERM"))
}

main().catch((e) => {
  console.error(`[demo] failed: ${e.message}`)
  process.exit(1)
})
