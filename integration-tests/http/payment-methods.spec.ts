import { PaymentMethodEntry } from "../../src/lib/acquiring/payment-methods/entry"
import { latestOptions } from "../../src/lib/acquiring/settings/current"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { cartWithShipping } from "./helpers/acquiring-store"

jest.setTimeout(300_000)

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

async function customerToken(api: any): Promise<string> {
  const creds = { email: `shopper-${Date.now().toString(36)}@shop.test`, password: "shopper-pass-1" }
  await api.post("/auth/customer/emailpass/register", creds)
  return (await api.post("/auth/customer/emailpass", creds)).data.token
}

useAcquiringEnv()

/**
 * Issue 37: GET /store/acquiring/payment-methods?cart_id= offers a cart only the methods it may use
 * (region, currency, amount, country), each with a logo URL that loads. The catalogue option is set on
 * the app's parsed options in-process for one test, rather than booting a second app.
 */
acquiringTestRunner(({ admin, api, getContainer, seed }) => {
  const methodsOf = async (cartId: string) =>
    (await api.get(`/store/acquiring/payment-methods?cart_id=${cartId}`, seed.store)).data.payment_methods as any[]
  const ours = (list: any[]) =>
    list
      .filter((m) => m.provider_id === PROVIDERS.hosted || m.provider_id === PROVIDERS.apm)
      .map((m) => [m.provider_id, m.method])
  // The options the route reads: the newest settings version (none saved: medusa-config's).
  const options = async () => (await latestOptions(getContainer(), PROVIDERS.hosted))!.provider

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
    const own = await options()
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
  // Last: it saves a settings version, which every later read of the catalogue follows.
  it("an admin's edit of the catalogue is what the store route offers; bad input and non-admins are refused", async () => {
    const small = await cartWithShipping(api, seed)
    const big = await cartWithShipping(api, seed)
    await api.post(`/store/carts/${big.id}/line-items`, { variant_id: seed.variants.tee, quantity: 3 }, seed.store)
    const bigTotal = (await api.get(`/store/carts/${big.id}`, seed.store)).data.cart.total
    const max = Number(small.total).toFixed(2)
    expect(Number(bigTotal)).toBeGreaterThan(Number(max))

    const form = (await admin.get(`/admin/acquiring/settings/${PROVIDERS.hosted}/form`)).data
    const field = form.groups.flatMap((g: any) => g.fields).find((f: any) => f.key === "payment_methods")
    expect(field).toMatchObject({ kind: "list", locked: null })
    const items = Object.fromEntries(field.item_fields.map((f: any) => [f.key, f]))
    expect(items.max_amount).toMatchObject({ kind: "string", required: false })
    expect(items.logo_url).toMatchObject({ kind: "image" })
    expect(items.enabled).toMatchObject({ kind: "boolean", default: true })

    const logo = await admin.post("/admin/acquiring/payment-methods/logos", {
      method: "sandbox_wallet",
      content_base64: PNG_1PX,
    })
    expect(logo.status).toBe(201)
    expect(logo.data).toMatchObject({ type: "image/png", logo_url: expect.stringMatching(/\.png$/) })

    const wallet = { method: "sandbox_wallet", title: "Wallet, as the admin named it", order: 1, max_amount: max }
    const catalogue: Record<string, unknown>[] = [
      { method: "card", title: "Card", order: 0, brands: ["visa", "mastercard", "amex"] },
      { ...wallet, logo_url: logo.data.logo_url },
    ]
    const saved = await admin.post(`/admin/acquiring/settings/${PROVIDERS.hosted}`, {
      values: { payment_methods: catalogue },
    })
    expect(saved.status).toBe(200)

    const offered = await methodsOf(small.id)
    expect(offered.find((m) => m.method === "sandbox_wallet")).toMatchObject({
      provider_id: PROVIDERS.apm,
      title: "Wallet, as the admin named it",
      max_amount: max,
      logo_url: logo.data.logo_url,
    })
    expect(offered.find((m) => m.method === "card").brands.map((b: any) => b.brand)).toEqual(catalogue[0].brands)
    expect(ours(await methodsOf(big.id))).toEqual([[PROVIDERS.hosted, "card"]])

    const history = (await admin.get(`/admin/acquiring/settings/${PROVIDERS.hosted}/history`)).data.versions
    expect(history[0]).toMatchObject({ version: saved.data.version, changes: [{ key: "payment_methods" }] })
    expect(history[0].actor.email).toBeTruthy()

    // Refused before anything is written, each naming the field.
    const refusals = [
      [{ ...catalogue[1], max_amount: "12,50" }, /values\.payment_methods\[1\]\.max_amount: must be a decimal/],
      [{ ...catalogue[1], colour: "red" }, /values\.payment_methods\[1\].*colour/],
      [{ ...catalogue[1], logo_url: "not a url" }, /values\.payment_methods\[1\]\.logo_url/],
    ] as const
    for (const [entry, message] of refusals) {
      const bad = await admin.post(`/admin/acquiring/settings/${PROVIDERS.hosted}`, {
        values: { payment_methods: [catalogue[0], entry] },
      })
      expect(bad.status).toBe(400)
      expect(bad.data).toMatchObject({ type: "invalid_data", message: expect.stringMatching(message) })
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
      "base64",
    )
    const badLogo = await admin.post("/admin/acquiring/payment-methods/logos", { method: "x", content_base64: svg })
    expect(badLogo.status).toBe(400)
    expect(badLogo.data.message).toMatch(/content_base64: must be a PNG, JPEG or WebP image/)
    const after = (await admin.get(`/admin/acquiring/settings/${PROVIDERS.hosted}/form`)).data
    expect(after.version).toBe(saved.data.version)

    // Not an admin: no session, or a shopper's.
    const shopper = await customerToken(api)
    for (const headers of [{}, { authorization: `Bearer ${shopper}` }]) {
      const opts = { headers: { ...seed.store.headers, ...headers } }
      const edit = await api
        .post(`/admin/acquiring/settings/${PROVIDERS.hosted}`, { values: { payment_methods: [] } }, opts)
        .catch((e: any) => e.response)
      expect(edit.status).toBe(401)
      const upload = await api
        .post("/admin/acquiring/payment-methods/logos", { method: "x", content_base64: PNG_1PX }, opts)
        .catch((e: any) => e.response)
      expect(upload.status).toBe(401)
    }
    expect((await admin.get(`/admin/acquiring/settings/${PROVIDERS.hosted}/form`)).data.version).toBe(
      saved.data.version,
    )
  })
})
