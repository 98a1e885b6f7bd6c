const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

/** Test kinds, chosen with TEST_TYPE (scripts/test.js runs them all for `npm test`). */
const MATCH = {
  unit: ["**/src/**/__tests__/**/*.unit.spec.[jt]s"],
  "integration:sandbox": ["**/src/**/__tests__/**/*.http.spec.[jt]s"],
  "integration:http": ["**/integration-tests/http/**/*.spec.[jt]s"],
  // A module's service on its own migrated database (moduleIntegrationTestRunner), without the app.
  "integration:modules": ["**/src/modules/*/__tests__/**/*.module.spec.[jt]s"],
  // The HTTP files whose code path depends on the dialect, again with the sandbox and the plugin in the
  // engine's legacy dialect (#17). The dialect changes only how notifications are named and signed, how a
  // retrieval answers an order the gateway does not know (query_result 2) and a payout's amount unit; past
  // the notify hook's decoding every path is the same, so files that only need a checkout's notification to
  // arrive are left to integration:http (the files kept here carry such checkouts in this dialect too).
  "integration:http:legacy": [
    // Completion by the notification, a duplicate delivery, forged notifications in this naming.
    "**/integration-tests/http/acquiring-checkout.spec.[jt]s",
    // Refund and dispute notifications (signed, tampered by wire name, delivered again); portal refunds.
    "**/integration-tests/http/notifications-after-payment.spec.[jt]s",
    // Stored rows of legacy bodies: the inbox, re-posted signatures, masking by wire name.
    "**/integration-tests/http/notification-inbox.spec.[jt]s",
    // The admin's list, search and "process again" of stored legacy rows (decoded afresh).
    "**/integration-tests/http/admin-notifications.spec.[jt]s",
    // Forgeries built in this naming, and payout notifications in whole currency units.
    "**/integration-tests/http/forged-notifications.spec.[jt]s",
    // Tampered, foreign and replayed notifications, re-signed in this naming.
    "**/integration-tests/http/security.spec.[jt]s",
    // Notifications of orphaned gateway orders and their refund notifications, read from the books.
    "**/integration-tests/http/orphans.spec.[jt]s",
    // Notifications racing completions of taxed carts and the last unit (its owner's file, unchanged).
    "**/integration-tests/http/completion-guard.spec.[jt]s",
    // Payout amounts in whole currency units (payouts.amount_unit major).
    "**/integration-tests/http/payouts.spec.[jt]s",
    // Reconciliation's batched retrievals and refund search in this dialect; orders whose notification was lost.
    "**/integration-tests/http/reconciliation.spec.[jt]s",
    // The doctor's unknown-order probe, answered query_result 2 in this dialect.
    "**/integration-tests/http/doctor-admin.spec.[jt]s",
    // Notifications in this naming dropped, duplicated (counted on their stored row), out of order, or
    // racing the completion; at a smaller size than integration:http's (SOAK_CHECKOUTS, SOAK_RACES below).
    "**/integration-tests/http/reliability.spec.[jt]s",
  ],
  browser: ["**/integration-tests/browser/**/*.spec.[jt]s"],
  // The checkout/notification/reconciliation suites again, on Medusa's Redis modules (ACQUIRING_TEST_REDIS=1).
  "integration:redis": [
    "**/integration-tests/http/acquiring-checkout.spec.[jt]s",
    "**/integration-tests/http/reconciliation.spec.[jt]s",
    "**/integration-tests/http/reconcile-background.spec.[jt]s",
  ],
  // Two servers and a worker as child processes on one database and Redis (its own run).
  "integration:multiprocess": ["**/integration-tests/multiprocess/**/*.spec.[jt]s"],
  // Checkout → notification → capture → refund, and the payout module (its migrations, hook and routes),
  // again on the lowest supported Medusa (scripts/compat-medusa.js); with them the admin's partial capture and
  // saved cards, which reach what the provider reads from the payment module by name (a capture's amount, the
  // account holder's row, the database connection: src/providers/acquiring/core/payment-module-reads.ts).
  "integration:compat": [
    "**/integration-tests/http/acquiring-checkout.spec.[jt]s",
    "**/integration-tests/http/notifications-after-payment.spec.[jt]s",
    "**/integration-tests/http/payouts.spec.[jt]s",
    "**/integration-tests/http/acquiring-admin.spec.[jt]s",
    "**/integration-tests/http/saved-cards.spec.[jt]s",
    // An order's payment collection (order edit, payment link): 2.18's order module reads item quantities apart.
    "**/integration-tests/http/order-payments.spec.[jt]s",
  ],
  // The packed tarball installed into fresh Medusa stores at both ends of the peer range (scripts/install-app.js),
  // each started with `medusa start`: a checkout and its notification through the Store API.
  "integration:install": ["**/integration-tests/install/*.spec.[jt]s"],
  // Medusa's official starter (a pnpm workspace) with docs/storefront-dtc-starter.md's backend and storefront
  // steps (scripts/starter-app.js), at both ends of the peer range: the storefront's checkout, then the
  // plugin's admin pages in Chromium. Not in the default `npm test` (minutes per version): `npm test -- integration:starter`.
  "integration:starter": ["**/integration-tests/starter/*.spec.[jt]s"],
}

const type = process.env.TEST_TYPE || "unit"
const REDIS_KINDS = new Set(["integration:redis", "integration:multiprocess"])
// Kinds whose files clone one migrated database instead of migrating their own (helpers/db-template.ts).
const TEMPLATE_KINDS = new Set(["integration:http", "integration:http:legacy", "integration:redis"])
// The Redis kind runs the test app on Medusa's Redis modules (integration-tests/acquiring/medusa-config.ts).
if (type === "integration:redis") process.env.ACQUIRING_TEST_REDIS = "1"
// The legacy kind: integration-tests/http/helpers start the sandbox (and set the plugin's options) in that dialect.
if (type === "integration:http:legacy") {
  process.env.ACQ_SANDBOX_DIALECT = "legacy"
  // Its fault soak is a check of the notifications' naming under faults, not of the faults, which
  // integration:http soaks at full size: 20 checkouts and 20 races (SOAK_CHECKOUTS and SOAK_RACES win).
  process.env.SOAK_CHECKOUTS ??= "20"
  process.env.SOAK_RACES ??= "20"
}
if (!MATCH[type]) throw new Error(`TEST_TYPE must be one of ${Object.keys(MATCH).join(", ")}`)

module.exports = {
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript", decorators: true, tsx: true }, target: "es2021" } },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  testMatch: MATCH[type],
  // Each integration file boots a Medusa app whose memory a worker keeps after it; past this a worker is
  // replaced between files instead of running out of heap halfway through a kind.
  workerIdleMemoryLimit: "1536MB",
  // Files known to take minutes start first, so the two workers of a kind finish close together.
  testSequencer: "./scripts/jest-sequencer.js",
  // Any test file that leaves Object.prototype changed fails (prototype pollution guard).
  setupFilesAfterEnv: ["./integration-tests/prototype-guard.js"],
  setupFiles:
    (type.startsWith("integration:") && type !== "integration:sandbox") || type === "browser"
      ? [
          "./integration-tests/setup.js",
          ...(type === "integration:compat" ? ["./integration-tests/compat/setup.js"] : []),
        ]
      : [],
  ...(TEMPLATE_KINDS.has(type) ? { globalSetup: "./integration-tests/global-setup.ts" } : {}),
  ...(TEMPLATE_KINDS.has(type) || REDIS_KINDS.has(type)
    ? { globalTeardown: "./integration-tests/global-teardown.ts" }
    : {}),
  // Build, pack and install once before the files of the kind, which share the stores.
  ...(type === "integration:install" ? { globalSetup: "./integration-tests/install/global-setup.js" } : {}),
  // pnpm install and the guide's steps once per version before the spec files.
  ...(type === "integration:starter" ? { globalSetup: "./integration-tests/starter/global-setup.js" } : {}),
  // Every @medusajs/* package from the folder holding the lowest supported Medusa.
  ...(type === "integration:compat" ? { resolver: "./integration-tests/compat/resolver.js" } : {}),
}
