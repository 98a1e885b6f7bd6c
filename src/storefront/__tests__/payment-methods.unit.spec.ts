import { listPaymentMethods, renderPaymentMethods, type OfferedMethod } from "../methods"
import { fail, fakeStore, ok } from "./fake-store"

const CARD: OfferedMethod = {
  provider_id: "pp_acquiring_acquiring",
  method: "card",
  title: "Card",
  order: 0,
  settles_later: false,
  min_amount: null,
  max_amount: null,
  countries: null,
  logo_url: "https://api.shop.test/acquiring/payment-methods/logos/card.svg",
  brands: [{ brand: "visa", logo_url: "https://api.shop.test/acquiring/payment-methods/logos/visa.svg" }],
}
const WALLET: OfferedMethod = {
  ...CARD,
  provider_id: "pp_acquiring-apm_acquiring",
  payment_method: "sandbox_wallet",
  method: "sandbox_wallet",
  title: `Wallet <b>"now"</b>`,
  settles_later: true,
  logo_url: "javascript:alert(1)",
  brands: [],
}

describe("listPaymentMethods", () => {
  it("asks the store route for the cart and returns its methods", async () => {
    const store = fakeStore(ok({ payment_methods: [CARD, WALLET] }))
    expect(await listPaymentMethods(store.fetch, "cart_01ABC")).toEqual({
      type: "methods",
      payment_methods: [CARD, WALLET],
    })
    expect(store.calls[0].path).toBe("/store/acquiring/payment-methods?cart_id=cart_01ABC")
  })

  it("a missing cart, a failure and a strange answer are outcomes, never a throw", async () => {
    expect(await listPaymentMethods(fakeStore(fail(404)).fetch, "cart_1")).toEqual({ type: "not_found" })
    expect(await listPaymentMethods(fakeStore(fail(500, "boom")).fetch, "cart_1")).toEqual({
      type: "error",
      message: "boom",
      status: 500,
    })
    expect(await listPaymentMethods(fakeStore(ok({ payment_methods: [{ title: 1 }] })).fetch, "c")).toMatchObject({
      type: "error",
    })
  })
})

describe("renderPaymentMethods", () => {
  it("draws a radio per method, the first checked, texts escaped and only http(s) logos", () => {
    const html = renderPaymentMethods([CARD, WALLET])
    expect(html.match(/type="radio"/g)).toHaveLength(2)
    expect(html).toContain(`value="pp_acquiring_acquiring" checked`)
    expect(html).toContain(`data-payment-method="sandbox_wallet"`)
    expect(html).toContain(`<img src="https://api.shop.test/acquiring/payment-methods/logos/visa.svg" alt="visa"`)
    expect(html).toContain("Wallet &lt;b&gt;&quot;now&quot;&lt;/b&gt;")
    expect(html).toContain("(paid later)")
    expect(html).not.toContain("javascript:")
  })
})
