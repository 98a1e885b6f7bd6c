import type { ConfigModule } from "@medusajs/framework/types"
import { acquiringProviderIds } from "../config"

const provider = (id: string, capture_mode?: string) => ({
  resolve: "medusa-plugin-acquiring/providers/acquiring",
  id,
  options: {
    merchant_id: "1000001",
    accounts: [{ account_id: "100000101", sign_key: "k1" }],
    test_base_url: "http://127.0.0.1:1",
    store_url: "https://store.example",
    ...(capture_mode && { capture_mode }),
  },
})

const appConfig = {
  modules: {
    payment: {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          { resolve: "@medusajs/payment-stripe", id: "stripe", options: {} },
          provider("eu"),
          provider("uk", "on_fulfillment"),
        ],
      },
    },
  },
} as unknown as ConfigModule

describe("acquiringProviderIds: the one function naming the configured providers' Medusa ids", () => {
  it("names the hosted and APM id of every acquiring provider, and no other provider's", () => {
    expect(acquiringProviderIds(appConfig)).toEqual([
      "pp_acquiring_eu",
      "pp_acquiring-apm_eu",
      "pp_acquiring_uk",
      "pp_acquiring-apm_uk",
    ])
  })

  it("keeps only the providers the filter keeps (capture on fulfillment here)", () => {
    expect(acquiringProviderIds(appConfig, (c) => c.options.provider.capture_mode === "on_fulfillment")).toEqual([
      "pp_acquiring_uk",
      "pp_acquiring-apm_uk",
    ])
    expect(acquiringProviderIds(appConfig, () => false)).toEqual([])
  })
})
