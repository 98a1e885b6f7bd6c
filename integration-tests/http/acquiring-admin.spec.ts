import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { adminOrder, cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { payOnHostedPage } from "./helpers/browser"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  /** A paid hosted-page checkout, completed by the storefront: returns the order and its payment. */
  const placeOrder = async (provider: string = PROVIDERS.hosted) => {
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, provider, { device: DEVICE })
    await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    const done = await completeCart(api, seed, cart.id)
    await env.sandbox().notifications.settle(15_000)
    const order = await adminOrder(api, seed, done.order.id)
    return { order, payment: order.payment_collections[0].payments[0], order_no: session.data.order_no as string }
  }
  /** The payment as the admin order page shows it (with data, captures and refunds). */
  const paymentOf = async (p: { id: string; payment_collection_id: string }) => {
    const { data } = await api.get(`/admin/payments/${p.id}?fields=*,data,*captures,*refunds`, seed.admin)
    return data.payment
  }
  const adminPost = admin.post
  const gatewayCalls = (path: string, orderNo: string) =>
    env
      .sandbox()
      .inspect.requests()
      .filter((r) => r.path === path && JSON.stringify(r.body ?? {}).includes(orderNo)).length

  it("admin capture captures once; a second capture is a no-op", async () => {
    const sandbox = env.sandbox()
    const { payment, order_no } = await placeOrder()
    let res = await adminPost(`/admin/payments/${payment.id}/capture`)
    expect(res.status).toBe(200)
    expect(res.data.payment.captured_at).not.toBeNull()
    expect(sandbox.inspect.order(order_no)!.captured_amount).toBe("32.89")
    res = await adminPost(`/admin/payments/${payment.id}/capture`)
    expect(res.status).toBe(200)
    expect(gatewayCalls("/v1/capture", order_no)).toBe(1)
    const after = await paymentOf(payment)
    expect(after.data.transaction_id).toBe(payment.data.transaction_id)
    expect(after.data.captures).toEqual([expect.objectContaining({ amount: "32.89", source: "medusa" })])
  })

  it("a capture done in the merchant portal is recorded without a second charge", async () => {
    const sandbox = env.sandbox()
    const { payment, order_no } = await placeOrder()
    sandbox.portal.capture(order_no)
    const res = await adminPost(`/admin/payments/${payment.id}/capture`)
    expect(res.status).toBe(200)
    expect(res.data.payment.captured_at).not.toBeNull()
    expect(gatewayCalls("/v1/capture", order_no)).toBe(0)
    expect(sandbox.inspect.order(order_no)!.captured_amount).toBe("32.89")
  })

  it("partial capture sends the captured amount; the gateway's single capture refuses a second", async () => {
    const sandbox = env.sandbox()
    const { payment, order_no } = await placeOrder()
    let res = await adminPost(`/admin/payments/${payment.id}/capture`, { amount: 20 })
    expect(res.status).toBe(200)
    expect(sandbox.inspect.order(order_no)!.captured_amount).toBe("20.00")
    res = await adminPost(`/admin/payments/${payment.id}/capture`, { amount: 5 })
    expect(res.status).toBe(400)
    expect(res.data.message).toMatch(/captures an authorisation once/)
    expect(sandbox.inspect.order(order_no)!.captured_amount).toBe("20.00")
  })

  it("two partial refunds are tracked by refund_reference_id; an over-refund is refused", async () => {
    const sandbox = env.sandbox()
    const { payment, order_no } = await placeOrder()
    await adminPost(`/admin/payments/${payment.id}/capture`)
    let res = await adminPost(`/admin/payments/${payment.id}/refund`, { amount: 10 })
    expect(res.status).toBe(200)
    res = await adminPost(`/admin/payments/${payment.id}/refund`, { amount: 5.5 })
    expect(res.status).toBe(200)
    const after = await paymentOf(payment)
    const refunds = after.data.refunds
    const tx = payment.data.transaction_id
    expect(refunds.map((r: any) => [r.refund_reference_id, r.refund_amount])).toEqual([
      [`${tx}-01`, "10.00"],
      [`${tx}-02`, "5.50"],
    ])
    expect(after.data.transaction_id).toBe(tx)
    expect(after.refunds).toHaveLength(2)
    expect(sandbox.inspect.order(order_no)!.refunded_amount).toBe("15.50")
    res = await adminPost(`/admin/payments/${payment.id}/refund`, { amount: 20 })
    expect(res.status).toBe(400)
    expect(sandbox.inspect.order(order_no)!.refunded_amount).toBe("15.50")
    expect(gatewayCalls("/v1/refund", order_no)).toBe(2)
  })

  it("cancelling the order voids its uncaptured payment at the gateway", async () => {
    const sandbox = env.sandbox()
    const { order, payment, order_no } = await placeOrder()
    const res = await adminPost(`/admin/orders/${order.id}/cancel`)
    expect(res.status).toBe(200)
    expect((await paymentOf(payment)).canceled_at).not.toBeNull()
    expect(sandbox.inspect.order(order_no)!.state).toBe("cancelled")
  })

  it("capture on fulfilment: creating a fulfilment captures the payment", async () => {
    const sandbox = env.sandbox()
    const { order, payment, order_no } = await placeOrder(PROVIDERS.hostedOnFulfilment)
    expect(payment.captured_at).toBeNull()
    const items = order.items.map((i: any) => ({ id: i.id, quantity: i.quantity }))
    const res = await adminPost(`/admin/orders/${order.id}/fulfillments`, { items, location_id: seed.location_id })
    expect(res.status).toBe(200)
    let captured = null
    for (const end = Date.now() + 60_000; Date.now() < end && !captured;) {
      await new Promise((r) => setTimeout(r, 200))
      captured = (await adminOrder(api, seed, order.id)).payment_collections[0].payments[0].captured_at
    }
    expect(captured).not.toBeNull()
    expect(sandbox.inspect.order(order_no)!.captured_amount).toBe("32.89")
    expect(gatewayCalls("/v1/capture", order_no)).toBe(1)
  })

  it("capture_mode automatic: the order is placed captured, with one gateway capture; an admin capture adds none", async () => {
    const sandbox = env.sandbox()
    const { payment, order_no } = await placeOrder(PROVIDERS.hostedAutomatic)
    expect(payment.captured_at).not.toBeNull()
    expect(sandbox.inspect.order(order_no)!.captured_amount).toBe("32.89")
    const shown = await paymentOf(payment)
    expect(shown.captures.map((c: any) => Number(c.amount))).toEqual([32.89])
    expect(shown.data.captures).toEqual([expect.objectContaining({ amount: "32.89", source: "automatic" })])
    await adminPost(`/admin/payments/${payment.id}/capture`)
    expect(gatewayCalls("/v1/capture", order_no)).toBe(1)
    expect((await paymentOf(payment)).captures).toHaveLength(1)
  })
})
