// The fresh store's medusa-config.ts (copied there by scripts/install-app.js): README's "Installing into an
// existing Medusa store" snippet with its sandbox variant of `gateway`, as a user writes it. Only the
// addresses come from the environment (the test picks free ports), and the admin dashboard is off unless
// asked for (`medusa start` would need `medusa build`'s admin bundle; this kind tests the Store API).
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const gateway = {
  merchant_id: "1000001",
  accounts: [{ account_id: "100000101", sign_key: "sandbox-key-1" }], // the sandbox's authorise account
  mode: "test" as const,
  test_base_url: process.env.ACQUIRING_SANDBOX_URL || "http://127.0.0.1:8787",
}
const storeUrl = process.env.STORE_URL || "http://localhost:9000"

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: { disable: process.env.ADMIN_DISABLED !== "false" },
  plugins: [
    {
      resolve: "medusa-plugin-acquiring",
      options: { gateway, payouts: { notify_url: `${storeUrl}/hooks/acquiring/payout` } },
    },
  ],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            // one entry registers both services: pp_acquiring_<id> (hosted page) and pp_acquiring-apm_<id> (APM)
            resolve: "medusa-plugin-acquiring/providers/acquiring",
            id: "acquiring",
            options: {
              ...gateway,
              store_url: storeUrl, // this backend, for notify_url
              allowed_return_origins: ["https://shop.example"], // your storefront
              default_return_url: "https://shop.example/checkout/return",
              capture_mode: "manual",
            },
          },
        ],
      },
    },
  ],
})
