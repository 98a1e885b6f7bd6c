import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { adminOrder, cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { payOnHostedPage } from "./helpers/browser"

jest.setTimeout(300_000)

/**
 * The attacks of issue 13, replayed through real HTTP on a running app with only what a
 * stranger has (the publishable key, a session id from a return URL): each must be held.
 * (integration-tests/prototype-guard.js also fails this file if Object.prototype changed.)
 */
const env = useAcquiringEnv()
const SPOOFED_IP = "203.0.113.66"
const TERMS = {
  contract: "C-7",
  contract_name: "Coffee club",
  interval: "month",
  interval_count: "1",
  billing_cycle: 12,
}

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const url = (path: string) => `${process.env.ACQ_STORE_URL}${path}`
  const raw = (path: string, body: string, type: string) =>
    fetch(url(path), { method: "POST", headers: { "content-type": type }, body })
  const status = (p: Promise<{ status: number }>) =>
    p.then(
      (r) => r.status,
      (e) => e.response?.status,
    )
  /** What an attacker who polluted the prototype would have gained: the admin without a token, and every cart broken. */
  async function storeStillSafe() {
    expect(({} as Record<string, unknown>).auth_context).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(await status(api.get("/admin/acquiring/settings"))).toBe(401)
    expect(await status(api.get("/admin/orders"))).toBe(401)
    expect(await status(api.post("/store/carts", { region_id: seed.region_id }, seed.store))).toBe(200)
  }
  const checkoutRequest = (orderNo: string) =>
    env
      .sandbox()
      .inspect.requests()
      .find((r) => r.path === "/v1/checkout" && (r.body as Record<string, unknown> | undefined)?.order_no === orderNo)

  it("prototype pollution through the notification body: refused (400), the admin still answers 401, carts still 200", async () => {
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
    const order_no = session.data.order_no as string
    const attacks = [
      `order_no=${order_no}&__proto__[auth_context][actor_id]=user_x&__proto__[auth_context][actor_type]=user&__proto__[polluted]=1`,
      `order_no=${order_no}&a[__proto__][polluted]=1&a[__proto__][auth_context][actor_type]=user`,
      `order_no=${order_no}&constructor[prototype][polluted]=1`,
      `order_no=${order_no}&%5F%5Fproto%5F%5F[polluted]=1`,
    ]
    for (const body of attacks) {
      const res = await raw("/hooks/acquiring/notify", body, "application/x-www-form-urlencoded")
      expect([res.status, await res.text()]).toEqual([400, expect.stringMatching(/malformed/)])
    }
    const json = await raw(
      "/hooks/acquiring/notify",
      `{"order_no":"${order_no}","__proto__":{"polluted":"1"},"a":{"constructor":{"prototype":{"polluted":"1"}}}}`,
      "application/json",
    )
    expect(json.status).toBe(400)
    await storeStillSafe()
    // Nothing changed: the session is still open and payable.
    const { data } = await getContainer()
      .resolve("query")
      .graph({ entity: "payment_session", fields: ["status"], filters: { id: session.id } })
    expect(data[0].status).toBe("pending")
  })

  it("another shopper's hosted page: 404 with only the session id or another session's token, whichever part is wrong", async () => {
    const a = await cartWithShipping(api, seed, { email: "alice.victim@shop.test" })
    const { session: victim } = await startSession(api, seed, a.id, PROVIDERS.hosted, { device: DEVICE })
    const b = await cartWithShipping(api, seed, { email: "mallory@shop.test" })
    const { session: own } = await startSession(api, seed, b.id, PROVIDERS.hosted, { device: DEVICE })
    const page = (id: string, token?: string) =>
      api
        .get(`/store/acquiring/payment-sessions/${id}/hosted-page`, {
          headers: { ...seed.store.headers, ...(token ? { "x-acquiring-page-token": token } : {}) },
        })
        .then(
          (r: any) => ({ status: r.status, text: JSON.stringify(r.data) }),
          (e: any) => ({ status: e.response.status, text: JSON.stringify(e.response.data) }),
        )
    const refusals = [
      await page(victim.id),
      await page(victim.id, own.data.hosted_page_token),
      await page(victim.id, "0".repeat(64)),
      await page(
        victim.id,
        victim.data.hosted_page_token.replace(/^./, (c: string) => (c === "a" ? "b" : "a")),
      ),
    ]
    for (const r of refusals) {
      expect(r.status).toBe(404)
      expect(r.text).not.toContain("alice.victim")
      expect(r.text).not.toContain("Unter den Linden")
    }
    // An unknown session gets the same answer: nothing tells which part was wrong.
    const unknown = await page("payses_01JZZZZZZZZZZZZZZZZZZZZZZZ", own.data.hosted_page_token)
    expect(unknown.text.replace("payses_01JZZZZZZZZZZZZZZZZZZZZZZZ", victim.id)).toBe(refusals[0].text)
    // The victim's own storefront, holding the cart (and so the session data), gets the page.
    const mine = await page(victim.id, victim.data.hosted_page_token)
    expect(mine.status).toBe(200)
    expect(mine.text).toContain(victim.data.order_no)
  })

  it("a spoofed shopper IP and shopper-written subscription terms never reach the gateway; the merchant's terms do", async () => {
    const cart = await cartWithShipping(api, seed)
    // Cart metadata is the shopper's to write through the Store API.
    await api.post(
      `/store/carts/${cart.id}`,
      { metadata: { subscription: { ...TERMS, contract_amount: "0.01" }, acquiring_subscription: TERMS } },
      seed.store,
    )
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, {
      device: { ...DEVICE, shopper_ip: SPOOFED_IP },
    })
    const sent = checkoutRequest(session.data.order_no)!
    expect(sent.body!.shopper_ip).toMatch(/^(127\.0\.0\.1|::1)$/)
    expect(sent.body!.subscription).toBeUndefined()
    const log = JSON.stringify(env.sandbox().inspect.requests())
    expect(log).not.toContain(SPOOFED_IP)
    expect(log).not.toContain("C-7")

    // The merchant puts terms on a variant (admin API): those are sent, priced from the line.
    const query = getContainer().resolve("query")
    const { data: variants } = await query.graph({
      entity: "product_variant",
      fields: ["id", "product_id", "metadata"],
      filters: { id: seed.variants.tee },
    })
    const variantPath = `/admin/products/${variants[0].product_id}/variants/${seed.variants.tee}`
    expect((await admin.post(variantPath, { metadata: { acquiring_subscription: TERMS } })).status).toBe(200)
    try {
      const subscribed = await cartWithShipping(api, seed)
      const { session: s2 } = await startSession(api, seed, subscribed.id, PROVIDERS.hosted, { device: DEVICE })
      const tee = subscribed.items.find((i: { variant_id: string }) => i.variant_id === seed.variants.tee)
      expect(checkoutRequest(s2.data.order_no)!.body!.subscription).toEqual({
        ...TERMS,
        contract_amount: (tee.unit_price * tee.quantity).toFixed(2),
      })
    } finally {
      await admin.post(variantPath, { metadata: { acquiring_subscription: "" } })
    }
  })

  it("keys the provider owns, sent through the admin session route, are not stored; an unsealed confirmed_capture is not trusted", async () => {
    const sandbox = env.sandbox()
    const cart = await cartWithShipping(api, seed)
    const { collection_id } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
    const injected = {
      confirmed_capture: { amount: "32.89", source: "medusa" },
      captures: [{ id: "x", amount: "32.89", source: "gateway" }],
      canceled: true,
    }
    const res = await admin.post(`/admin/payment-collections/${collection_id}/payment-sessions`, {
      provider_id: PROVIDERS.hosted,
      data: injected,
    })
    expect(res.status).toBe(200)
    const created = res.data.payment_collection.payment_sessions.find(
      (s: { provider_id: string }) => s.provider_id === PROVIDERS.hosted,
    )
    const { data: stored } = await getContainer()
      .resolve("query")
      .graph({ entity: "payment_session", fields: ["data"], filters: { id: created.id } })
    for (const key of Object.keys(injected)) expect(stored[0].data).not.toHaveProperty(key)

    // A flag written into a paid order's payment data from outside (admin, database): capture
    // still asks the gateway and charges, so Medusa never shows money the gateway does not hold.
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
    await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    const done = await completeCart(api, seed, cart.id)
    const payment = (await adminOrder(api, seed, done.order.id)).payment_collections[0].payments[0]
    const payments = getContainer().resolve("payment")
    // UpdatePaymentDTO declares only the id; the service writes every column it is given.
    await payments.updatePayment({
      id: payment.id,
      data: { ...payment.data, confirmed_capture: { amount: "32.89", source: "medusa", seal: "0".repeat(64) } },
    } as never)
    expect((await admin.post(`/admin/payments/${payment.id}/capture`)).status).toBe(200)
    const captures = sandbox.inspect
      .requests()
      .filter((r) => r.path === "/v1/capture" && JSON.stringify(r.body).includes(session.data.order_no))
    expect(captures).toHaveLength(1)
    expect(sandbox.inspect.order(session.data.order_no)!.captured_amount).toBe("32.89")
  })

  it("return URLs: backslash, control characters and user@host are refused; the gateway gets the normalised URL", async () => {
    const cart = await cartWithShipping(api, seed)
    const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, seed.store)).data
      .payment_collection
    const start = (return_url: string) =>
      api
        .post(
          `/store/payment-collections/${collection.id}/payment-sessions`,
          { provider_id: PROVIDERS.hosted, data: { return_url } },
          seed.store,
        )
        .then(
          (r: any) => ({ status: r.status, session: r.data.payment_collection.payment_sessions[0] }),
          (e: any) => ({ status: e.response.status, session: undefined }),
        )
    for (const bad of [
      "http://shop.test\\@evil.example/",
      "http://shop.test/r%0d%0aSet-Cookie:x",
      "http://shop.test@evil.example/",
      "http://u:p@shop.test/",
    ]) {
      expect((await start(bad)).status).toBe(400)
    }
    const ok = await start("HTTP://SHOP.TEST:80/checkout/../return#@evil")
    expect(ok.status).toBe(200)
    expect(checkoutRequest(ok.session.data.order_no)!.body!.return_url).toBe("http://shop.test/return#@evil")
  })
})
