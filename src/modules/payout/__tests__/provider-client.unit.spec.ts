import { acquiringOptionsFor } from "../../../lib/acquiring/config"
import { gatewaysFor, providerGateway } from "../../../lib/acquiring/gateways"
import { providerClient } from "../lib/provider-client"
import { acquiringEntry, appConfigWith } from "../../../lib/acquiring/__tests__/app-config"

/** The app config with one acquiring provider per id, each its own merchant. */
const appConfig = (...ids: string[]) =>
  appConfigWith(...ids.map((id, i) => acquiringEntry(id, { merchant_id: `100000${i}` })))

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
