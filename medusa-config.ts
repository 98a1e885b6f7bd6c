import { defineConfig, loadEnv } from "@medusajs/framework/utils"

/**
 * The development store of this repository (`npm run demo`): the repo root is the Medusa app,
 * so src/api, src/subscribers, src/jobs, src/workflows and src/admin load from source; the
 * provider and the payout module are resolved by source path. Every value comes from the
 * environment (scripts/demo.js sets them) with defaults pointing at a local sandbox gateway.
 * The sign keys below are the sandbox's published test keys, never real ones.
 */
loadEnv(process.env.NODE_ENV || "development", process.cwd())

const env = (name: string, fallback: string) => process.env[name] || fallback

const backendUrl = env("MEDUSA_BACKEND_URL", `http://localhost:${env("PORT", "9000")}`)
const sandboxUrl = env("ACQUIRING_SANDBOX_URL", "http://127.0.0.1:8787")
/** The demo storefront is served by this backend (/demo-store), so its origin is the backend's. */
const storefrontUrl = env("ACQUIRING_STOREFRONT_URL", backendUrl)

const gateway = {
  merchant_id: env("ACQUIRING_MERCHANT_ID", "1000001"),
  accounts: [
    { account_id: env("ACQUIRING_ACCOUNT_ID", "100000101"), sign_key: env("ACQUIRING_SIGN_KEY", "sandbox-key-1") },
  ],
  mode: env("ACQUIRING_MODE", "test") as "test" | "live",
  test_base_url: sandboxUrl,
  ...(process.env.ACQUIRING_LIVE_BASE_URL ? { live_base_url: process.env.ACQUIRING_LIVE_BASE_URL } : {}),
}

const provider = {
  ...gateway,
  store_url: backendUrl,
  allowed_return_origins: [new URL(storefrontUrl).origin],
  default_return_url: `${storefrontUrl}/demo-store/`,
  // Set here only when asked: a value in this file locks the admin's field (manual is the default anyway).
  ...(process.env.ACQUIRING_CAPTURE_MODE ? { capture_mode: process.env.ACQUIRING_CAPTURE_MODE } : {}),
  payment_method: env("ACQUIRING_APM_METHOD", "sandbox_wallet"),
}

const cors = [new URL(storefrontUrl).origin, new URL(backendUrl).origin].join(",")

const config = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      jwtSecret: env("JWT_SECRET", "demo-jwt-secret-change-me"),
      cookieSecret: env("COOKIE_SECRET", "demo-cookie-secret-change-me"),
      storeCors: env("STORE_CORS", cors),
      adminCors: env("ADMIN_CORS", cors),
      authCors: env("AUTH_CORS", cors),
    },
  },
  admin: {
    disable: process.env.ACQUIRING_DEMO_ADMIN === "0",
    backendUrl,
  },
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [{ resolve: "./src/providers/acquiring", id: "acquiring", options: provider }],
      },
      // The provider reads the settings saved in the admin from the plugin's module (issue #35).
      dependencies: ["acquiring"],
    },
    // The plugin's own books (gateway orders, money movements, notifications); a store that lists the
    // plugin under `plugins` gets it from there.
    { resolve: "./src/modules/acquiring" },
    {
      resolve: "./src/modules/payout",
      options: { gateway, payouts: { notify_url: `${backendUrl}/hooks/acquiring/payout` } },
    },
    // Uploaded files (the payment methods' logos) at this backend's own address, whatever its port.
    {
      resolve: "@medusajs/medusa/file",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/file-local", id: "local", options: { backend_url: `${backendUrl}/static` } },
        ],
      },
    },
  ],
})

// defineConfig always adds @medusajs/draft-order, which this repository does not install.
config.plugins = (config.plugins ?? []).filter(
  (p) => (typeof p === "string" ? p : p.resolve) !== "@medusajs/draft-order",
)

module.exports = config
