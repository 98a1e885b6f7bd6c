import { acquiringProviderIds } from "../config"
import { acquiringEntry, appConfigWith } from "./app-config"

const appConfig = appConfigWith(acquiringEntry("eu"), acquiringEntry("uk", { capture_mode: "on_fulfillment" }))

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
