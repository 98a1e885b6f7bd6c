import { offeredMethods, type CartFacts, type CatalogueSource } from "../payment-methods/catalogue"
import { PaymentMethodEntry } from "../payment-methods/entry"
import { shippedLogo } from "../payment-methods/logos"

const source: CatalogueSource = {
  hosted_provider_id: "pp_acquiring_acquiring",
  apm_provider_id: "pp_acquiring-apm_acquiring",
  allowed_payment_methods: [],
  payment_method: "sandbox_wallet",
  payment_method_titles: {},
  async_payment_methods: ["paylater"],
}
const cart: CartFacts = {
  region_id: "reg_1",
  currency_code: "eur",
  total: "32.89",
  country_code: "de",
  provider_ids: ["pp_acquiring_acquiring", "pp_acquiring-apm_acquiring"],
}
const entries = (list: unknown[]) => list.map((e) => PaymentMethodEntry.parse(e))

describe("the payment-methods catalogue", () => {
  it("offers card and the provider's APM by default, card first", () => {
    const offered = offeredMethods(source, cart)
    expect(offered.map((m) => [m.provider_id, m.method, m.title])).toEqual([
      ["pp_acquiring_acquiring", "card", "Card"],
      ["pp_acquiring-apm_acquiring", "sandbox_wallet", "Sandbox wallet"],
    ])
    expect(offered[0].brands).toEqual(["visa", "mastercard"])
  })

  it("leaves out a method outside its amount limits, countries, currencies or region; limits include their ends", () => {
    const payment_methods = entries([
      { method: "card", order: 1 },
      { method: "over", min_amount: "32.90" },
      { method: "at_min", min_amount: "32.89", order: 3 },
      { method: "under", max_amount: "32.88" },
      { method: "dutch", countries: ["NL"] },
      { method: "paylater", countries: ["DE", "AT"], max_amount: "100.00", order: 2 },
      { method: "usd", currencies: ["USD"] },
      { method: "elsewhere", regions: ["reg_2"] },
      { method: "off", enabled: false },
    ])
    const offered = offeredMethods({ ...source, payment_methods }, cart)
    expect(offered.map((m) => m.method)).toEqual(["card", "paylater", "at_min"])
    expect(offered[1]).toMatchObject({ settles_later: true, title: "Paylater", payment_method: "paylater" })
    expect(
      offeredMethods({ ...source, payment_methods }, { ...cart, country_code: null }).map((m) => m.method),
    ).toEqual(["card", "at_min"])
  })

  it("offers nothing of a provider the region does not enable, nor an APM the settings do not allow", () => {
    expect(offeredMethods(source, { ...cart, provider_ids: ["pp_acquiring_acquiring"] }).map((m) => m.method)).toEqual([
      "card",
    ])
    const payment_methods = entries([{ method: "card" }, { method: "other" }])
    const allowed = { ...source, allowed_payment_methods: ["sandbox_wallet"], payment_methods }
    expect(offeredMethods(allowed, cart).map((m) => m.method)).toEqual(["card"])
  })

  it("refuses an entry with a malformed limit, and ships a logo per brand and method", () => {
    expect(() => PaymentMethodEntry.parse({ method: "x", min_amount: "ten" })).toThrow(/decimal string/)
    expect(shippedLogo("visa")).toMatch(/^<svg[^>]*aria-label="Visa"/)
    expect(shippedLogo("sandbox_wallet")).toMatch(/aria-label="Sandbox wallet"/)
    expect(shippedLogo("../etc")).toBeNull()
  })
})
