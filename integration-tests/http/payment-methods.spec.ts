import { gatewaysFor } from "../../src/lib/acquiring/gateways"
import { PaymentMethodEntry } from "../../src/lib/acquiring/payment-methods/entry"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { cartWithShipping } from "./helpers/acquiring-store"

jest.setTimeout(300_000)

useAcquiringEnv()

/**
 * Issue 37: GET /store/acquiring/payment-methods?cart_id= offers a cart only the methods it may use
 * (region, currency, amount, country), each with a logo URL that loads. The catalogue option is set on
 * the app's parsed options in-process for one test, rather than booting a second app.
 */
acquiringTestRunner(({ api, getContainer, seed }) => {
  const methodsOf = async (cartId: string) =>
    (await api.get(`/store/acquiring/payment-methods?cart_id=${cartId}`, seed.store)).data.payment_methods as any[]
  const ours = (list: any[]) =>
    list
      .filter((m) => m.provider_id === PROVIDERS.hosted || m.provider_id === PROVIDERS.apm)
      .map((m) => [m.provider_id, m.method])
  // The options the route reads: the newest settings this process holds, else medusa-config's.
  const options = () => gatewaysFor(getContainer())(PROVIDERS.hosted).options.provider

  it("offers card and the provider's APM by default, with logos that load as SVG", async () => {
    const cart = await cartWithShipping(api, seed)
    const list = await methodsOf(cart.id)
    expect(ours(list)).toEqual([
      [PROVIDERS.hosted, "card"],
      [PROVIDERS.apm, "sandbox_wallet"],
    ])
    const card = list.find((m) => m.provider_id === PROVIDERS.hosted)
    expect(card).toMatchObject({ title: "Card", settles_later: false })
    expect(card.brands.map((b: any) => b.brand)).toEqual(["visa", "mastercard"])
    for (const url of [card.logo_url, card.brands[0].logo_url]) {
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/)
      expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/)
      expect(await res.text()).toMatch(/^<svg /)
    }
    const bad = await fetch(card.logo_url.replace(/card\.svg$/, "..%2Fcard.svg"))
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/logo file name/)
  })

  it("leaves out a method outside its amount limits or countries; limits include their ends", async () => {
    const cart = await cartWithShipping(api, seed)
    const total = Number(cart.total)
    expect(total).toBeGreaterThan(1)
    const own = options()
    const before = own.payment_methods
    const set = (list: unknown[]) => (own.payment_methods = list.map((e) => PaymentMethodEntry.parse(e)))
    try {
      set([
        { method: "card", countries: ["DE"], order: 1 },
        { method: "sandbox_wallet", min_amount: (total + 0.01).toFixed(2) },
        { method: "dutch_bank", countries: ["NL"] },
        { method: "paylater", max_amount: total.toFixed(2), settles_later: true, logo_url: "https://cdn.test/pl.svg" },
      ])
      const list = await methodsOf(cart.id)
      expect(ours(list)).toEqual([
        [PROVIDERS.hosted, "card"],
        [PROVIDERS.apm, "paylater"],
      ])
      expect(list.find((m) => m.method === "paylater")).toMatchObject({
        payment_method: "paylater",
        settles_later: true,
        logo_url: "https://cdn.test/pl.svg",
        max_amount: total.toFixed(2),
      })

      set([
        { method: "card", countries: ["NL"] },
        { method: "sandbox_wallet", min_amount: total.toFixed(2), order: 1 },
      ])
      expect(ours(await methodsOf(cart.id))).toEqual([[PROVIDERS.apm, "sandbox_wallet"]])
    } finally {
      own.payment_methods = before
    }
  })

  it("refuses a malformed cart id and names an unknown cart", async () => {
    const bad = await api.get("/store/acquiring/payment-methods?cart_id=x", seed.store).catch((e: any) => e.response)
    expect(bad.status).toBe(400)
    expect(bad.data.message).toMatch(/cart id/)
    const unknown = await api
      .get("/store/acquiring/payment-methods?cart_id=cart_01JZZZZZZZZZZZZZZZZZZZZZZZ", seed.store)
      .catch((e: any) => e.response)
    expect(unknown.status).toBe(404)
  })
})
