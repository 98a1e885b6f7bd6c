import type { ConfigModule } from "@medusajs/framework/types"

/** An acquiring provider entry as medusa-config.ts lists it; `options` over minimal valid ones. */
export const acquiringEntry = (id: string, options: Record<string, unknown> = {}) => ({
  resolve: "medusa-plugin-acquiring/providers/acquiring",
  id,
  options: {
    merchant_id: "1000001",
    accounts: [{ account_id: "100000101", sign_key: "k1" }],
    test_base_url: "http://127.0.0.1:1",
    store_url: "https://store.example",
    ...options,
  },
})

/** An app config as medusa-config.ts gives it: the payment module with Stripe and these acquiring providers. */
export const appConfigWith = (...entries: ReturnType<typeof acquiringEntry>[]) =>
  ({
    modules: {
      payment: {
        resolve: "@medusajs/medusa/payment",
        options: { providers: [{ resolve: "@medusajs/payment-stripe", id: "stripe", options: {} }, ...entries] },
      },
    },
  }) as unknown as ConfigModule
