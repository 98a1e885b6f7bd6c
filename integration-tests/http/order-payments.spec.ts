import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { adminOrder, DEVICE } from "./helpers/acquiring-store"
import { formOf, getPage, payOnHostedPage, postForm } from "./helpers/browser"
import {
  collectionSession,
  editAddingTee as editOrderAddingTee,
  paidOrder as orderPaidOnHostedPage,
} from "./helpers/order-payments"
import { wireName } from "./helpers/dialect"

jest.setTimeout(300_000)

/**
 * Payments after checkout (issue 14): a collection that belongs to an order, not a cart (an
 * order edit's new total, an outstanding balance a payment link asks for), paid through
 * Medusa's own Admin and Store APIs on the sandbox, authorised by the notification alone.
 */
const env = useAcquiringEnv()

acquiringTestRunner(({ api, seed, admin }) => {
  const sandbox = () => env.sandbox()

  const paidOrder = () => orderPaidOnHostedPage(api, seed, sandbox())
  const editAddingTee = (orderId: string) => editOrderAddingTee(api, seed, admin, orderId)

  /** The notification of `orderNo` reached Medusa and was answered 200. */
  async function notified(orderNo: string) {
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    const notes = sandbox()
      .notifications.list()
      .filter((n) => n.payload[wireName("order_no")] === orderNo)
    expect(notes.at(-1)?.attempts.at(-1)?.status).toBe(200)
  }

  /** The order widget's view of the kept authorisation of gateway order `orderNo`. */
  async function keptOf(orderId: string, orderNo: string) {
    const view = await admin.get(`/admin/acquiring/payments/${orderId}`)
    expect(view.status).toBe(200)
    return view.data.payments.find((p: { order_no: string }) => p.order_no === orderNo)?.kept
  }

  it("order edit on an authorised order: the new collection is paid on the hosted page and authorised by the notification", async () => {
    const { order_id, order_no: firstOrderNo } = await paidOrder()
    const collections = await editAddingTee(order_id)
    const open = collections.find((c) => c.status === "not_paid")!
    expect(open).toBeDefined()
    // Medusa canceled the old collection; its gateway order stays authorised until the new one is paid.
    expect(sandbox().inspect.order(firstOrderNo)!.payment_status).toBe("2000")
    expect(await keptOf(order_id, firstOrderNo)).toMatchObject({
      released_at: null,
      expired: false,
      capture_by: expect.any(String),
    })
    // Authorised, nothing captured: the new collection asks for the order's whole new total.
    const order = await adminOrder(api, seed, order_id)
    expect(open.amount).toBe(order.total)

    // The shopper opens the payment link: the storefront starts a session on that collection.
    const session = await collectionSession(api, seed, open.id, PROVIDERS.hosted, { device: DEVICE })
    const sent = sandbox()
      .inspect.requests()
      .find((r) => r.path === "/v1/checkout" && r.body?.order_no === session.data.order_no)!
    // The order's own lines and addresses: the same breakdown rules as a cart.
    expect(sent.body).toMatchObject({
      amount: Number(order.total).toFixed(2),
      currency: "EUR",
      first_name: "Charles",
      billing_address: expect.stringContaining("Friedrichstr. 5"),
    })
    // Every line of the edited order, the added tee included.
    expect(
      String(sent.body!.items)
        .split("#;#")
        .map((l) => l.split("#,#")[0]),
    ).toEqual(order.items.map(() => expect.any(String)))
    expect(String(sent.body!.items).match(/T-Shirt/g)).toHaveLength(2)
    await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    await notified(session.data.order_no)

    const after = await adminOrder(api, seed, order_id)
    const paid = after.payment_collections.find((c: { id: string }) => c.id === open.id)
    expect(paid.status).toBe("authorized")
    expect(paid.payments).toHaveLength(1)
    expect(Number(paid.payments[0].amount)).toBe(Number(order.total))
    // The replacement is paid: the kept first authorisation (the old total) is voided, never charged twice.
    expect(sandbox().inspect.order(firstOrderNo)!.payment_status).toBe("5000")
    expect(await keptOf(order_id, firstOrderNo)).toMatchObject({
      outcome: "voided_replacement_paid",
      released_at: expect.any(String),
    })
    // Captured through Medusa's own route: the captured amount is the new total, once.
    expect((await admin.post(`/admin/payments/${paid.payments[0].id}/capture`)).status).toBe(200)
    expect(sandbox().inspect.order(session.data.order_no)!.captured_amount).toBe(Number(order.total).toFixed(2))
  })

  it("an outstanding balance after capture, paid by APM through its payment link: one 'Balance for order' line for the difference", async () => {
    const { order_id } = await paidOrder()
    const first = (await adminOrder(api, seed, order_id)).payment_collections[0].payments[0]
    expect((await admin.post(`/admin/payments/${first.id}/capture`)).status).toBe(200)
    const collections = await editAddingTee(order_id)
    const open = collections.find((c) => c.status === "not_paid")!
    const order = await adminOrder(api, seed, order_id)
    expect(Number(open.amount)).toBeGreaterThan(0)
    expect(Number(open.amount)).toBeLessThan(Number(order.total))

    const session = await collectionSession(api, seed, open.id, PROVIDERS.apm, {
      payment_method: "sandbox_wallet",
      return_url: "http://shop.test/pay/return",
    })
    const sent = sandbox()
      .inspect.requests()
      .find((r) => r.path === "/v1/authorise" && r.body?.order_no === session.data.order_no)!
    const amount = Number(open.amount).toFixed(2)
    expect(sent.body).toMatchObject({ amount, item_total: amount, discount: "0.00" })
    // "#" is the items list's separator, so it goes as "＃" (mappers/items.ts).
    expect(String(sent.body!.items)).toMatch(new RegExp(`^Balance for order ＃${order.display_id}#,#`))

    const page = await getPage(session.data.issuer_url)
    const form = formOf(page.html, session.data.issuer_url)
    await postForm(form.action, { ...form.fields, action: "approve" })
    await notified(session.data.order_no)
    const after = await adminOrder(api, seed, order_id)
    const paid = after.payment_collections.find((c: { id: string }) => c.id === open.id)
    expect(paid.payments).toHaveLength(1)
    expect(["authorized", "completed"]).toContain(paid.status)
  })

  it("an exchange with a difference due: the difference is paid on the hosted page and authorised", async () => {
    const { order_id } = await paidOrder()
    const placed = await adminOrder(api, seed, order_id)
    expect((await admin.post(`/admin/payments/${placed.payment_collections[0].payments[0].id}/capture`)).status).toBe(
      200,
    )
    const items = placed.items.map((i: { id: string; quantity: number }) => ({ id: i.id, quantity: i.quantity }))
    expect(
      (await admin.post(`/admin/orders/${order_id}/fulfillments`, { items, location_id: seed.location_id })).status,
    ).toBe(200)

    // The shopper sends one tee back and gets one more mug (12.50): Medusa computes what is due (the
    // returned tee is credited at its discounted price, so more than 12.50 − 7.99).
    const tee = placed.items.find((i: { variant_id: string }) => i.variant_id === seed.variants.tee)
    const exchange = await admin.post("/admin/exchanges", { order_id })
    expect(exchange.status).toBe(200)
    const id = exchange.data.exchange.id
    expect(
      (await admin.post(`/admin/exchanges/${id}/inbound/items`, { items: [{ id: tee.id, quantity: 1 }] })).status,
    ).toBe(200)
    expect(
      (
        await admin.post(`/admin/exchanges/${id}/outbound/items`, {
          items: [{ variant_id: seed.variants.mug, quantity: 1 }],
        })
      ).status,
    ).toBe(200)
    const confirmed = await admin.post(`/admin/exchanges/${id}/request`)
    expect([confirmed.status, confirmed.data?.message]).toEqual([200, undefined])

    const open = (await adminOrder(api, seed, order_id)).payment_collections.find(
      (c: { status: string }) => c.status === "not_paid",
    )
    const due = Number(open.amount).toFixed(2)
    expect(Number(due)).toBeGreaterThan(0)
    const session = await collectionSession(api, seed, open.id, PROVIDERS.hosted, { device: DEVICE })
    const sent = sandbox()
      .inspect.requests()
      .find((r) => r.path === "/v1/checkout" && r.body?.order_no === session.data.order_no)!
    expect(sent.body).toMatchObject({ amount: due, item_total: due })
    expect(String(sent.body!.items)).toMatch(/^Balance for order ＃/)
    await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    await notified(session.data.order_no)
    const paid = (await adminOrder(api, seed, order_id)).payment_collections.find(
      (c: { id: string }) => c.id === open.id,
    )
    expect(paid.status).toBe("authorized")
    expect(paid.payments).toHaveLength(1)
  })

  it("a paid order collection whose notification was lost is authorised by reconciliation", async () => {
    const { order_id } = await paidOrder()
    const open = (await editAddingTee(order_id)).find((c) => c.status === "not_paid")!
    const drop = sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
    const session = await collectionSession(api, seed, open.id, PROVIDERS.hosted, {})
    sandbox().shopper.pay(session.data.order_no, { card: "4111111111111111" })
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    sandbox().faults.clear(drop.id)
    expect(
      (await adminOrder(api, seed, order_id)).payment_collections.find((c: { id: string }) => c.id === open.id).status,
    ).toBe("not_paid")

    const sync = await admin.post("/admin/acquiring/reconcile", {})
    expect(sync.status).toBe(200)
    const report = JSON.stringify(sync.data)
    expect(report).toContain("collection_authorized")
    // The same run voids the authorisation the edit kept: the new collection is paid.
    expect(report).toContain("kept_voided")
    const paid = (await adminOrder(api, seed, order_id)).payment_collections.find(
      (c: { id: string }) => c.id === open.id,
    )
    expect(paid.status).toBe("authorized")
    expect(paid.payments).toHaveLength(1)
  })

  it("the shopper never pays the edit: the merchant captures the kept authorisation, and refunds it through Medusa", async () => {
    const { order_id, order_no } = await paidOrder()
    const before = await adminOrder(api, seed, order_id)
    const oldTotal = Number(before.total)
    const open = (await editAddingTee(order_id)).find((c) => c.status === "not_paid")!
    const kept = (await adminOrder(api, seed, order_id)).payment_collections.flatMap(
      (c: { payments: Array<{ id: string }> }) => c.payments,
    )[0]
    expect(sandbox().inspect.order(order_no)!.payment_status).toBe("2000")

    const res = await admin.post(`/admin/acquiring/payments/${order_id}/kept/${kept.id}/capture`)
    expect([res.status, res.data.captured, res.data.error]).toEqual([200, true, undefined])
    // Captured once at the gateway, for what the shopper authorised (the old total).
    expect(sandbox().inspect.order(order_no)!.captured_amount).toBe(oldTotal.toFixed(2))
    const after = await adminOrder(api, seed, order_id)
    const recorded = after.payment_collections.find((c: { id: string }) => c.id === open.id)
    expect(recorded.payments).toHaveLength(1)
    expect(Number(recorded.payments[0].amount)).toBe(oldTotal)
    expect(Number(recorded.payments[0].captured_amount ?? recorded.captured_amount)).toBe(oldTotal)
    expect(await keptOf(order_id, order_no)).toMatchObject({ outcome: "adopted" })
    // A second click finds nothing kept: no second capture.
    expect((await admin.post(`/admin/acquiring/payments/${order_id}/kept/${kept.id}/capture`)).status).toBe(404)

    // Medusa's own refund reaches the same gateway order.
    expect((await admin.post(`/admin/payments/${recorded.payments[0].id}/refund`, { amount: 5 })).status).toBe(200)
    expect(sandbox().inspect.order(order_no)!.refunded_amount).toBe("5.00")
  })

  it("an order canceled while its edit's authorisation is kept: the kept one is voided", async () => {
    const { order_id, order_no } = await paidOrder()
    await editAddingTee(order_id)
    expect(sandbox().inspect.order(order_no)!.payment_status).toBe("2000")
    expect((await admin.post(`/admin/orders/${order_id}/cancel`)).status).toBe(200)
    // The order.canceled subscriber runs after the answer.
    const deadline = Date.now() + 15_000
    while (sandbox().inspect.order(order_no)!.payment_status !== "5000" && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200))
    expect(sandbox().inspect.order(order_no)!.payment_status).toBe("5000")
    // The gateway voids first, then the subscriber records the outcome in Medusa: wait for that write too.
    while (!(await keptOf(order_id, order_no))?.outcome && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200))
    expect(await keptOf(order_id, order_no)).toMatchObject({ outcome: "voided_order_canceled" })
  })
})
