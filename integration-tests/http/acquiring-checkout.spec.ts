import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import {
  adminOrder,
  cartWithShipping,
  completeCart,
  DEVICE,
  ordersOfCart,
  startSession,
} from "./helpers/acquiring-store"
import { formOf, getPage, payOnHostedPage, postForm } from "./helpers/browser"
import { sign } from "../../src/gateway/signing"
import { NOTIFICATION_SIGN_FIELDS } from "../../src/gateway/schemas/notification"
import { wireName } from "./helpers/dialect"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const hostedCheckout = async (card = "4111111111111111", provider: string = PROVIDERS.hosted) => {
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, provider, {
      device: DEVICE,
      return_url: "http://shop.test/checkout/return",
    })
    const paid = await payOnHostedPage(session.data.form, { number: card })
    return { cart, session, paid }
  }
  const completeError = async (cartId: string) => {
    try {
      const r = await completeCart(api, seed, cartId)
      return { type: r.type, message: r.error?.message as string | undefined }
    } catch (e: any) {
      return { type: "http", status: e.response?.status, message: e.response?.data?.message as string | undefined }
    }
  }

  it("hosted page: a real cart becomes an order with an authorized payment, payload exact", async () => {
    const sandbox = env.sandbox()
    // The storefront returns first; the notification comes afterwards and changes nothing.
    sandbox.faults.add({ target: "notifications", kind: "delay", delay_ms: 1500, count: 1 })
    const { cart, session, paid } = await hostedCheckout()
    expect(session.data.order_no).toMatch(/^payses[0-9A-Z]{26}$/)
    expect(session.data.form.action).toContain(sandbox.url)
    expect(session.data.acquiring_snapshot).toBeNull()
    expect(JSON.stringify(session.data)).not.toContain("sandbox-key")
    expect(paid.returnedTo).toContain("http://shop.test/checkout/return")

    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    const order = await adminOrder(api, seed, done.order.id)
    const payment = order.payment_collections[0].payments[0]
    expect(payment.provider_id).toBe(PROVIDERS.hosted)
    expect(payment.captured_at).toBeNull()
    expect(payment.data.transaction_id).toBe(sandbox.inspect.order(session.data.order_no)!.transaction_id)
    expect(order.payment_collections[0].status).toBe("authorized")

    const req = sandbox.inspect
      .requests()
      .find((r) => r.path === "/v1/checkout" && r.body?.order_no === session.data.order_no)!
    expect(req.body).toMatchObject({
      amount: "32.89",
      item_total: "32.99",
      shipping: "4.90",
      tax_total: "0.00",
      discount: "5.00",
      currency: "EUR",
      items: "Mug \uFF03,\uFF03 deluxe - One#,#MUG-1#,#12.50#,#2#;#T-Shirt - One#,#TEE-1#,#7.99#,#1",
      shopper_email: "ada@shop.test",
      first_name: "Charles",
      billing_address: "Friedrichstr. 5",
      billing_country: "DE",
      delivery_address: "Unter den Linden 1 Floor 2",
      delivery_firstname: "Ada",
      shopper_ip: expect.stringMatching(/127\.0\.0\.1|::1/),
      resolution: "1920x1080",
      notify_url: `${process.env.ACQ_STORE_URL}/hooks/acquiring/notify`,
      total_discount: [{ coupon_code_used: "SAVE5", discount_type: "fixed" }],
    })
    expect((req.body!.cart_items as any[]).map((c) => c.basic_item_data.price.amount_local_currency)).toEqual([
      12.5, 7.99,
    ])

    expect(await sandbox.notifications.settle(15_000)).toBe(true)
    const notes = sandbox.notifications.list().filter((n) => n.payload[wireName("order_no")] === session.data.order_no)
    expect(notes.at(-1)!.attempts.at(-1)!.status).toBe(200)
    expect(await ordersOfCart(getContainer(), cart.id)).toEqual([done.order.id])
  })

  it("the hosted page is in the session's answer and its route (for the cart's holder), not in Medusa's stored session data", async () => {
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
    expect(session.data.form.fields.orderNo).toBe(session.data.order_no)
    // The raw page is off by default (session_html): the checked form is what a storefront posts.
    expect(session.data.html).toBeNull()

    const { data: stored } = await getContainer()
      .resolve("query")
      .graph({ entity: "payment_session", fields: ["data"], filters: { id: session.id } })
    expect(stored[0].data).not.toHaveProperty("form")
    expect(stored[0].data).not.toHaveProperty("html")
    expect(JSON.stringify(stored[0].data).length).toBeLessThan(600)
    expect(stored[0].data.hosted_page_path).toBe(`/store/acquiring/payment-sessions/${session.id}/hosted-page`)

    // After a reload the storefront reads path and token from its cart, as Medusa serves it.
    const reloaded = (await api.get(`/store/carts/${cart.id}`, seed.store)).data.cart.payment_collection
      .payment_sessions[0]
    const { hosted_page_path, hosted_page_token } = reloaded.data
    const withToken = { headers: { ...seed.store.headers, "x-acquiring-page-token": hosted_page_token } }
    const { data } = await api.get(hosted_page_path, withToken)
    expect(data.hosted_page).toEqual({ form: session.data.form, html: null })
    const paid = await payOnHostedPage(data.hosted_page.form, { number: "4111111111111111" })
    expect(paid.returnedTo).toBeTruthy()
    expect((await completeCart(api, seed, cart.id)).type).toBe("order")

    const refused = async (path: string) =>
      api.get(path, withToken).then(
        () => undefined,
        (e: any) => e.response,
      )
    const afterOrder = await refused(hosted_page_path)
    expect(afterOrder.status).toBe(404)
    expect(afterOrder.data.message).toMatch(/is authorized: its hosted page is no longer offered/)
    expect(
      (await refused("/store/acquiring/payment-sessions/payses_01JZZZZZZZZZZZZZZZZZZZZZZZ/hosted-page")).status,
    ).toBe(404)
    expect((await refused("/store/acquiring/payment-sessions/not-a-session/hosted-page")).status).toBe(400)
  })

  it("notification before the return completes the cart once; the storefront gets the same order", async () => {
    const sandbox = env.sandbox()
    const { cart } = await hostedCheckout()
    expect(await sandbox.notifications.settle(15_000)).toBe(true)
    const created = await ordersOfCart(getContainer(), cart.id)
    expect(created).toHaveLength(1)
    const done = await completeCart(api, seed, cart.id)
    expect(done.order.id).toBe(created[0])
    expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)
  })

  it("a notification delivered twice creates one order and one payment", async () => {
    const sandbox = env.sandbox()
    sandbox.faults.add({ target: "notifications", kind: "duplicate", count: 1 })
    const { cart, session } = await hostedCheckout()
    expect(await sandbox.notifications.settle(15_000)).toBe(true)
    const notes = sandbox.notifications.list().filter((n) => n.payload[wireName("order_no")] === session.data.order_no)
    expect(notes).toHaveLength(2)
    expect(notes.map((n) => n.attempts.at(-1)!.status)).toEqual([200, 200])
    const orders = await ordersOfCart(getContainer(), cart.id)
    expect(orders).toHaveLength(1)
    const order = await adminOrder(api, seed, orders[0])
    expect(order.payment_collections[0].payments).toHaveLength(1)
  })

  it("a declined card creates no order and says why", async () => {
    const { cart } = await hostedCheckout("4000000000000002")
    const err = await completeError(cart.id)
    expect(err.type).not.toBe("order")
    expect(err.message).toMatch(/not authorized|authoriz/i)
    expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(0)
  })

  it("3-D Secure challenge answered correctly authorizes", async () => {
    const sandbox = env.sandbox()
    const { cart, session, paid } = await hostedCheckout("4000000000003220")
    expect(paid.challenged).toBe(true)
    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    expect(sandbox.inspect.order(session.data.order_no)!.is3ds).toBe("1")
  })

  it("a review hold places the order awaiting payment; accepting the review authorizes it", async () => {
    const sandbox = env.sandbox()
    const { cart, session } = await hostedCheckout("4000000000009235")
    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    let order = await adminOrder(api, seed, done.order.id)
    expect(order.payment_collections[0].payments).toHaveLength(0)
    expect(order.payment_collections[0].status).toBe("awaiting")
    await sandbox.notifications.settle(15_000)
    sandbox.portal.review(session.data.order_no, true)
    expect(await sandbox.notifications.settle(15_000)).toBe(true)
    order = await adminOrder(api, seed, done.order.id)
    expect(order.payment_collections[0].payments).toHaveLength(1)
    expect(order.payment_collections[0].status).toBe("authorized")
  })

  it.each([
    ["approve", true],
    ["reject", false],
  ])("APM via issuer_url: %s", async (decision, approved) => {
    const sandbox = env.sandbox()
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.apm, {
      payment_method: "sandbox_wallet",
      return_url: "http://shop.test/checkout/return",
    })
    expect(session.data.issuer_url).toContain(sandbox.url)
    expect(session.data.form).toBeUndefined()
    const page = await getPage(session.data.issuer_url)
    const form = formOf(page.html, session.data.issuer_url)
    const back = await postForm(form.action, { ...form.fields, action: decision })
    expect(back.location).toContain("http://shop.test/checkout/return")
    const req = sandbox.inspect
      .requests()
      .find((r) => r.path === "/v1/authorise" && r.body?.order_no === session.data.order_no)!
    expect(req.body).toMatchObject({ amount: "32.89", payment_method: "sandbox_wallet", discount: "5.00" })
    if (approved) {
      const done = await completeCart(api, seed, cart.id)
      expect(done.type).toBe("order")
      const order = await adminOrder(api, seed, done.order.id)
      expect(order.payment_collections[0].payments[0].captured_at).not.toBeNull()
    } else {
      const err = await completeError(cart.id)
      expect(err.type).not.toBe("order")
      expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(0)
    }
  })

  it("storefront data is validated: bad device data and a foreign return_url get a 400 naming the field", async () => {
    const cart = await cartWithShipping(api, seed)
    const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, seed.store)).data
      .payment_collection
    const post = (data: unknown) =>
      api
        .post(
          `/store/payment-collections/${collection.id}/payment-sessions`,
          { provider_id: PROVIDERS.hosted, data },
          seed.store,
        )
        .catch((e: any) => e.response)
    let res = await post({ device: { color_depth: "lots" } })
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("data.device.color_depth")
    res = await post({ return_url: "https://evil.example/steal" })
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("data.return_url")
    // An amount or snapshot sent by the storefront is never used.
    res = await post({ acquiring_snapshot: { payload: '{"total":"0.01"}', mac: "0".repeat(64) } })
    expect(res.status).toBe(200)
    expect(res.data.payment_collection.payment_sessions[0].data.amount).toBe("32.89")
  })

  it("forged notifications change nothing", async () => {
    const sandbox = env.sandbox()
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
    const url = `${process.env.ACQ_STORE_URL}/hooks/acquiring/notify`
    const base = {
      notify_type: "payment",
      merchant_id: "1000001",
      account_id: "100000101",
      transaction_id: "T999",
      order_no: session.data.order_no,
      currency: "EUR",
      amount: "32.89",
      order_status: "1",
      order_info: "0000:Approved",
    }
    const signed = (p: Record<string, string>, key = "sandbox-key-1") => ({
      ...p,
      encryption_data: sign(p, NOTIFICATION_SIGN_FIELDS, key),
    })
    const badSig = await postForm(url, signed(base, "wrong-key"))
    expect(badSig.status).toBe(401)
    // Signed correctly, but the shopper never paid: the gateway record shows no success.
    sandbox.shopper.pay(session.data.order_no, { card: "4111111111111111" })
    const wrongAmount = await postForm(
      url,
      signed({ ...base, transaction_id: sandbox.inspect.order(session.data.order_no)!.transaction_id, amount: "1.00" }),
    )
    expect(wrongAmount.status).toBe(400)
    const unknown = await postForm(url, signed({ ...base, order_no: "payses01ZZZZZZZZZZZZZZZZZZZZZZZZ" }))
    expect(unknown.status).toBe(404)
    expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(0)
    // The real notification still works afterwards.
    expect(await sandbox.notifications.settle(15_000)).toBe(true)
    expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)
  })
})
