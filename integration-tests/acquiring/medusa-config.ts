import { defineConfig, loadEnv } from "@medusajs/framework/utils"
import { redisModules, redisNamespace } from "./redis-modules"

/**
 * Test app for integration-tests/http/acquiring-*.spec.ts. `src` links to the plugin's src,
 * so its routes, middlewares and subscribers load as the app's own, and the provider is
 * resolved by source path. The sandbox URL and this app's public URL come from the spec.
 */
loadEnv("test", process.cwd())

const common = {
  merchant_id: "1000001",
  accounts: [{ account_id: "100000101", sign_key: "sandbox-key-1" }],
  mode: "test",
  test_base_url: process.env.ACQ_SANDBOX_URL ?? "http://127.0.0.1:1",
  timeout_ms: 5_000,
  query_retries: 0,
  store_url: process.env.ACQ_STORE_URL ?? "http://localhost:9000",
  allowed_return_origins: ["http://shop.test"],
  default_return_url: "http://shop.test/checkout/return",
  snapshot_secret: "integration-test-snapshot-secret-0123456789",
  // The scheduled reconciliation would race the tests' own "sync now" calls; on only where a test asks.
  reconcile_enabled: process.env.ACQ_RECONCILE_JOB === "on",
  ...(process.env.ACQ_RECONCILE_INTERVAL_MINUTES
    ? { reconcile_interval_minutes: Number(process.env.ACQ_RECONCILE_INTERVAL_MINUTES) }
    : {}),
  // Boot tests inject a mistake here to see the server refuse to start.
  ...(process.env.ACQ_OPTIONS_OVERRIDE ? JSON.parse(process.env.ACQ_OPTIONS_OVERRIDE) : {}),
}

/** ACQUIRING_TEST_REDIS=1: Medusa's Redis event bus, locking, cache and workflow engine (ACQ_REDIS_URL). */
const redisUrl =
  process.env.ACQUIRING_TEST_REDIS === "1" ? (process.env.ACQ_REDIS_URL ?? "redis://127.0.0.1:6379") : undefined

/**
 * ACQ_SETTINGS_ENTRY=1: a fourth entry ("settings") that leaves the merchant's connection and checkout
 * choices to the admin's settings (issue #35): no merchant id, accounts, capture mode or methods here.
 */
const { merchant_id: _m, accounts: _a, ...settingsEntry } = common

const config = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    ...(redisUrl ? { redisUrl, redisPrefix: `${redisNamespace()}:` } : {}),
    http: {
      jwtSecret: "acquiring-test-jwt",
      cookieSecret: "acquiring-test-cookie",
      storeCors: "http://shop.test",
      adminCors: "http://localhost",
      authCors: "http://localhost",
    },
  },
  admin: { disable: true },
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "./src/providers/acquiring",
            id: "acquiring",
            options: { ...common, capture_mode: "manual", payment_method: "sandbox_wallet" },
          },
          {
            resolve: "./src/providers/acquiring",
            id: "fulfil",
            options: { ...common, capture_mode: "on_fulfillment" },
          },
          { resolve: "./src/providers/acquiring", id: "auto", options: { ...common, capture_mode: "automatic" } },
          ...(process.env.ACQ_SETTINGS_ENTRY === "1"
            ? [{ resolve: "./src/providers/acquiring", id: "settings", options: settingsEntry }]
            : []),
        ],
      },
      // The providers read the admin's saved settings from our module (its service in their container).
      dependencies: ["acquiring"],
    },
    { resolve: "./src/modules/acquiring" },
    ...(redisUrl ? redisModules(redisUrl, redisNamespace()) : []),
  ],
})

// defineConfig always adds @medusajs/draft-order, which is not installed here.
config.plugins = config.plugins.filter((p) => (typeof p === "string" ? p : p.resolve) !== "@medusajs/draft-order")

module.exports = config
