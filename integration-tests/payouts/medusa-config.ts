import { defineConfig, loadEnv } from "@medusajs/framework/utils"

/**
 * Test app for the payout integration test (integration-tests/http/payouts.spec.ts).
 * `src` here links to the plugin's own src, so its routes, middlewares and workflows load
 * from source as the app's own. The payout module gets the plugin options as a host app
 * would pass them. The sandbox URL and the notify port come from the spec via env.
 */
loadEnv("test", process.cwd())

const sandboxUrl = process.env.ACQUIRING_TEST_SANDBOX_URL ?? "http://127.0.0.1:1"
const notifyUrl = process.env.ACQUIRING_TEST_PAYOUT_NOTIFY_URL
// The gateway profile the sandbox plays in this run (its payout amounts' unit), set by the spec.
const gatewayProfile = JSON.parse(process.env.ACQUIRING_TEST_GATEWAY_PROFILE ?? '"documented"')
process.env.ACQUIRING_TEST_INTERNALS ??= JSON.stringify({ timeout_ms: 5_000 })

const config = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      jwtSecret: process.env.JWT_SECRET ?? "payout-test-jwt",
      cookieSecret: process.env.COOKIE_SECRET ?? "payout-test-cookie",
      storeCors: "http://localhost",
      adminCors: "http://localhost",
      authCors: "http://localhost",
    },
  },
  admin: { disable: true },
  modules: [
    { resolve: "./src/modules/acquiring" },
    {
      resolve: "./src/modules/payout",
      options: {
        gateway: {
          merchant_id: "1000001",
          accounts: [{ account_id: "100000101", sign_key: "sandbox-key-1" }],
          mode: "test",
          test_base_url: sandboxUrl,
          gateway_profile: gatewayProfile,
        },
        payouts: { notify_url: notifyUrl },
      },
    },
  ],
})

// defineConfig adds @medusajs/draft-order, which this plugin's dev dependencies do not install.
config.plugins = (config.plugins ?? []).filter(
  (p) => (typeof p === "string" ? p : p.resolve) !== "@medusajs/draft-order",
)

module.exports = config
