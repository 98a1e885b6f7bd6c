import type { ConfigModule } from "@medusajs/framework/types"
import { acquiringOptionsFor } from "../../../lib/acquiring/config"
import { gatewaysFor, providerGateway } from "../../../lib/acquiring/gateways"
import { providerClient } from "../lib/provider-client"

const options = (merchant_id: string) => ({
  merchant_id,
  accounts: [{ account_id: "100000101", sign_key: "k1" }],
  test_base_url: "http://127.0.0.1:1",
  store_url: "https://store.example",
})

/** An app config as medusa-config.ts gives it: the payment module with acquiring providers. */
const appConfig = (...ids: string[]) =>
  ({
    modules: {
      payment: {
        resolve: "@medusajs/medusa/payment",
        options: {
          providers: [
            { resolve: "@medusajs/payment-stripe", id: "stripe", options: {} },
            ...ids.map((id, i) => ({
              resolve: "medusa-plugin-acquiring/providers/acquiring",
              id,
              options: options(`100000${i}`),
            })),
          ],
        },
      },
    },
  }) as unknown as ConfigModule

describe("payouts pay through the acquiring provider's gateway when they have none of their own", () => {
  it("takes the only acquiring provider's client: the very client routes and jobs use", () => {
    const config = appConfig("acquiring")
    const client = providerClient(config, undefined)
    expect(client).toBe(providerGateway(config, "acquiring").client)
    expect(client).toBe(gatewaysFor({ resolve: () => config } as never)("pp_acquiring-apm_acquiring").client)
  })

  it("takes the one payouts.provider names among several", () => {
    const config = appConfig("eu", "us")
    expect(providerClient(config, "us")).toBe(providerGateway(config, "pp_acquiring_us").client)
    expect(providerClient(config, "us")).not.toBe(providerGateway(config, "eu").client)
  })

  it("says what to set when it cannot tell which, or there is none", () => {
    expect(() => providerClient(appConfig("eu", "us"), undefined)).toThrow(
      /several acquiring payment providers \(eu, us\); set payouts.provider/,
    )
    expect(() => providerClient(appConfig("eu"), "stripe")).toThrow(/payouts.provider "stripe" is not .*configured: eu/)
    expect(() => providerClient(appConfig(), undefined)).toThrow(/set the plugin option `gateway`/)
    expect(() => providerClient(undefined, undefined)).toThrow(/set the plugin option `gateway`/)
  })
})

describe("the app config's acquiring options are read in one place", () => {
  it("finds a provider's options by either of its provider ids, and nothing for another provider", () => {
    const config = appConfig("eu", "us")
    expect(acquiringOptionsFor(config, "pp_acquiring_us")?.clientInput).toMatchObject({ merchant_id: "1000001" })
    expect(acquiringOptionsFor(config, "pp_acquiring-apm_eu")).toBe(acquiringOptionsFor(config, "pp_acquiring_eu"))
    expect(acquiringOptionsFor(config, "pp_stripe_stripe")).toBeNull()
    expect(acquiringOptionsFor(config, "pp_acquiring_asia")).toBeNull()
  })
})
