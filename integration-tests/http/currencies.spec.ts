import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { adminOrder, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { postForm } from "./helpers/browser"
import { captureProcessOutput } from "./helpers/log-capture"

jest.setTimeout(300_000)

/**
 * Currencies on the real app: JPY (no minor unit) pays end to end as whole yen in the gateway's
 * two-decimal format; Medusa's fractional JPY total (tax) and any KWD amount (three decimals) are
 * refused at session start with a 400 naming the currency; the hosted page's language falls back
 * to the cart's locale; a logged-in shopper's session logs no "account holders" warning.
 */
const logs = captureProcessOutput()
afterAll(() => logs.restore())
const env = useAcquiringEnv()

const JP_ADDRESS = {
  first_name: "Hanako",
  last_name: "Yamada",
  address_1: "1-1 Chiyoda",
  city: "Tokyo",
  postal_code: "100-0001",
  country_code: "jp",
}
const KW_ADDRESS = {
  first_name: "Noor",
  last_name: "Al-Sabah",
  address_1: "Gulf Road 1",
  city: "Kuwait City",
  postal_code: "13001",
  country_code: "kw",
}
const { browser_lang: _lang, ...DEVICE_WITHOUT_LANGUAGE } = DEVICE

acquiringTestRunner(({ api, getContainer, seed }) => {
  const ids = { jpy: "", kwd: "", tea: "", bowl: "", dates: "" }

  beforeAll(async () => {
    const admin = seed.admin
    const sc = (await api.get("/admin/sales-channels?name=Web", admin)).data.sales_channels[0]
    const region = async (name: string, currency_code: string, country: string) =>
      (
        await api.post(
          "/admin/regions",
          { name, currency_code, countries: [country], payment_providers: [PROVIDERS.hosted, PROVIDERS.apm] },
          admin,
        )
      ).data.region.id as string
    ids.jpy = await region("Japan", "jpy", "jp")
    ids.kwd = await region("Kuwait", "kwd", "kw")
    // Japan's consumption tax, 10 % on top of the price (Medusa's default: prices without tax).
    await api.post(
      "/admin/tax-regions",
      { country_code: "jp", provider_id: "tp_system", default_tax_rate: { rate: 10, name: "JCT", code: "JCT" } },
      admin,
    )
    // Digital goods (no shipping profile): the cart needs no shipping method.
    const product = async (title: string, sku: string, prices: Array<{ currency_code: string; amount: number }>) =>
      (
        await api.post(
          "/admin/products",
          {
            title,
            status: "published",
            options: [{ title: "Size", values: ["One"] }],
            variants: [{ title: "One", sku, options: { Size: "One" }, manage_inventory: false, prices }],
            sales_channels: [{ id: sc.id }],
          },
          admin,
        )
      ).data.product.variants[0].id as string
    ids.tea = await product("Sencha", "TEA-1", [{ currency_code: "jpy", amount: 1000 }])
    ids.bowl = await product("Tea bowl", "BOWL-1", [{ currency_code: "jpy", amount: 999 }])
    ids.dates = await product("Dates", "DATES-1", [{ currency_code: "kwd", amount: 3.5 }])
  })

  const cart = async (
    region_id: string,
    variant_id: string,
    address: Record<string, string>,
    extra: Record<string, unknown> = {},
    headers = seed.store,
  ) =>
    (
      await api.post(
        "/store/carts",
        {
          region_id,
          email: "hanako@shop.test",
          items: [{ variant_id, quantity: 1 }],
          shipping_address: address,
          billing_address: address,
          ...extra,
        },
        headers,
      )
    ).data.cart
  const refusal = (cartId: string) =>
    startSession(api, seed, cartId, PROVIDERS.hosted, { device: DEVICE }).then(
      () => undefined,
      (e) => e.response as { status: number; data: { type: string; message: string } },
    )

  it("a JPY cart pays end to end: the gateway gets whole yen as 1100.00, the page speaks the cart's language", async () => {
    const sandbox = env.sandbox()
    const c = await cart(ids.jpy, ids.tea, JP_ADDRESS, { locale: "ja-JP" })
    // Medusa's own totals: 1000 yen + 10 % tax.
    expect([c.currency_code, c.total, c.tax_total]).toEqual(["jpy", 1100, 100])
    const { session } = await startSession(api, seed, c.id, PROVIDERS.hosted, { device: DEVICE_WITHOUT_LANGUAGE })
    expect(session.data).toMatchObject({ currency: "JPY", amount: "1100.00" })
    expect(session.data).not.toHaveProperty("amount_rounding")

    const req = sandbox.inspect
      .requests()
      .find((r) => r.path === "/v1/checkout" && r.body?.order_no === session.data.order_no)!
    expect(req.status).toBe(200)
    expect(req.body).toMatchObject({
      currency: "JPY",
      amount: "1100.00",
      item_total: "1000.00",
      tax_total: "100.00",
      discount: "0.00",
      items: "Sencha - One#,#TEA-1#,#1000.00#,#1",
      browser_lang: "ja-JP",
    })
    expect((req.body!.cart_items as any[])[0].basic_item_data.price).toEqual({
      amount_local_currency: 1000,
      currency: "JPY",
    })

    const page = await postForm(session.data.form.action, session.data.form.fields)
    expect(page.html).toMatch(/<html lang="ja-JP">/)
    expect(page.html).toContain("Page language: ja-JP")
    expect(page.html).toContain("1100.00 JPY")

    const paid = sandbox.shopper.pay(session.data.order_no)
    expect(paid).toMatchObject({ amount: "1100.00", currency: "JPY", payment_status: "2000" })
    const done = await completeCart(api, seed, c.id)
    expect(done.type).toBe("order")
    const order = await adminOrder(api, seed, done.order.id)
    expect([done.order.currency_code, order.total]).toEqual(["jpy", 1100])
    expect(order.payment_collections[0]).toMatchObject({ status: "authorized", amount: 1100 })
    expect(order.payment_collections[0].payments[0].data).toMatchObject({ currency: "JPY", amount: "1100.00" })
  })

  it("Medusa's fractional JPY total (999 yen + 10 % tax = 1098.9) is a 400 naming the currency and the amount", async () => {
    const c = await cart(ids.jpy, ids.bowl, JP_ADDRESS)
    expect(c.total).toBe(1098.9)
    const before = env.sandbox().inspect.requests().length
    const res = await refusal(c.id)
    expect(res?.status).toBe(400)
    expect(res?.data).toMatchObject({ type: "invalid_data" })
    expect(res?.data.message).toBe(
      'Payment refused: 1098.9 JPY is not a whole amount of JPY, which has 0 decimal places; the gateway would charge a rounded amount, so the payment is refused (provider option currency_rounding: "half_up" rounds it to 1099.00).',
    )
    expect(
      env
        .sandbox()
        .inspect.requests()
        .slice(before)
        .filter((r) => r.path === "/v1/checkout"),
    ).toEqual([])
  })

  it("a KWD cart gets a 400 naming the currency, and nothing reaches the gateway", async () => {
    const c = await cart(ids.kwd, ids.dates, KW_ADDRESS)
    expect([c.currency_code, c.total]).toEqual(["kwd", 3.5])
    const before = env.sandbox().inspect.requests().length
    const res = await refusal(c.id)
    expect(res?.status).toBe(400)
    expect(res?.data.message).toContain(
      "Payment refused: KWD has 3 decimal places and the gateway takes amounts with at most two, so 3.5 KWD would be rounded",
    )
    expect(res?.data.message).toContain('currency_rounding: "half_up"')
    expect(
      env
        .sandbox()
        .inspect.requests()
        .slice(before)
        .filter((r) => r.path === "/v1/checkout"),
    ).toEqual([])
  })

  it("a logged-in shopper's sessions get an account holder (the shopper_id) and Medusa logs no 'does not support' warning", async () => {
    logs.captureLogger(getContainer())
    const creds = { email: "kenji@shop.test", password: "secret-password-2" }
    const registration = (await api.post("/auth/customer/emailpass/register", creds)).data.token
    const customer = (
      await api.post(
        "/store/customers",
        { email: creds.email, first_name: "Kenji" },
        { headers: { ...seed.store.headers, authorization: `Bearer ${registration}` } },
      )
    ).data.customer
    const token = (await api.post("/auth/customer/emailpass", creds)).data.token
    const shopper = { headers: { ...seed.store.headers, authorization: `Bearer ${token}` } }
    const since = logs.lines.length

    for (let i = 0; i < 2; i++) {
      const c = await cart(ids.jpy, ids.tea, JP_ADDRESS, { email: creds.email }, shopper)
      expect(c.customer_id).toBe(customer.id)
      const collection = (await api.post("/store/payment-collections", { cart_id: c.id }, shopper)).data
        .payment_collection
      const res = await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: PROVIDERS.hosted, data: { device: DEVICE } },
        shopper,
      )
      expect(res.data.payment_collection.payment_sessions[0].data).toMatchObject({ amount: "1100.00" })
    }
    const { data: holders } = await getContainer()
      .resolve("query")
      .graph({
        entity: "account_holder",
        fields: ["provider_id", "external_id", "data"],
        filters: { provider_id: PROVIDERS.hosted },
      })
    expect(holders).toEqual([
      { provider_id: PROVIDERS.hosted, external_id: customer.id, data: { shopper_id: customer.id } },
    ])
    expect(logs.lines.slice(since).join("")).not.toMatch(/does not support/)
  })
})
