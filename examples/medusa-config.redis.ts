import { defineConfig, loadEnv } from "@medusajs/framework/utils"

/**
 * medusa-plugin-acquiring scaled out: several `medusa start` instances of this same config on one
 * PostgreSQL and one Redis. MEDUSA_WORKER_MODE picks each instance's role:
 *
 *   MEDUSA_WORKER_MODE=server  HTTP only (store/admin API, /hooks/acquiring/notify); as many as you like
 *   MEDUSA_WORKER_MODE=worker  subscribers, scheduled jobs (acquiring-reconcile), background "sync now"
 *   MEDUSA_WORKER_MODE=shared  both (the default; a single-instance store)
 *
 * Medusa's Redis modules replace the in-memory defaults so that the instances share events,
 * locks, cached values and workflow state. The plugin keeps nothing between requests in process
 * memory and takes every lock through the locking module, so nothing else is needed for it.
 * See README, "Scaling out: server + worker with Redis".
 */
loadEnv(process.env.NODE_ENV || "production", process.cwd())

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
const BACKEND_URL = process.env.MEDUSA_BACKEND_URL ?? "https://api.shop.example" // the load balancer, never one instance

const gateway = {
  merchant_id: process.env.ACQUIRING_MERCHANT_ID!,
  accounts: [{ account_id: process.env.ACQUIRING_ACCOUNT_ID!, sign_key: process.env.ACQUIRING_SIGN_KEY! }],
  mode: (process.env.ACQUIRING_MODE ?? "live") as "test" | "live",
  live_base_url: process.env.ACQUIRING_LIVE_URL,
  test_base_url: process.env.ACQUIRING_TEST_URL,
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    // Sessions in Redis too (any server instance may get the next admin request).
    redisUrl: REDIS_URL,
    workerMode: process.env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server",
    http: {
      jwtSecret: process.env.JWT_SECRET!,
      cookieSecret: process.env.COOKIE_SECRET!,
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
    },
  },
  admin: {
    // The dashboard is served by the server instances only.
    disable: process.env.MEDUSA_WORKER_MODE === "worker",
    backendUrl: BACKEND_URL,
  },
  plugins: [
    {
      resolve: "medusa-plugin-acquiring",
      options: { gateway, payouts: { notify_url: `${BACKEND_URL}/hooks/acquiring/payout` } },
    },
  ],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "medusa-plugin-acquiring/providers/acquiring",
            id: "acquiring",
            options: {
              ...gateway,
              store_url: BACKEND_URL, // notify_url: the gateway may reach any server instance
              allowed_return_origins: ["https://shop.example"],
              default_return_url: "https://shop.example/checkout/return",
              capture_mode: "manual",
              reconcile_interval_minutes: 15,
            },
          },
        ],
      },
    },
    // Events are queued in Redis; only worker (and shared) instances run subscribers.
    { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl: REDIS_URL } },
    // Locks shared by all instances: notifications, reconciliation, bulk operations, payouts.
    {
      resolve: "@medusajs/medusa/locking",
      options: {
        providers: [
          {
            id: "locking-redis",
            resolve: "@medusajs/medusa/locking-redis",
            is_default: true,
            options: { redisUrl: REDIS_URL },
          },
        ],
      },
    },
    // The cache module (a hosted page stored by one server, served by any).
    { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl: REDIS_URL } },
    // Workflow state and scheduled jobs in Redis: one run of each job per tick across the workers.
    { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl: REDIS_URL } } },
    // Optional: Medusa's newer caching module (query caching, feature flag MEDUSA_FF_CACHING=true).
    // { resolve: "@medusajs/medusa/caching", options: { providers: [{ id: "caching-redis", resolve: "@medusajs/medusa/caching-redis", is_default: true, options: { redisUrl: REDIS_URL } }] } },
  ],
})
