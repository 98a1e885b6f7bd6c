import { PAYMENT_STATUS } from "../../src/gateway/status-codes"
import { ORDER_MONEY_EVENTS } from "../../src/lib/acquiring/order-money"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { placeOrder, requestMark, requestsSince, sleep } from "./helpers/acquiring-orders"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import {
  adminOrder,
  cartWithShipping,
  completeCart,
  DEVICE,
  ordersOfCart,
  startSession,
} from "./helpers/acquiring-store"
import { eventsDuring as hookEventsDuring } from "./helpers/hook-events"
import { until } from "../helpers/until"

jest.setTimeout(300_000)

/**
 * Issue 34, "a canceled order keeps captured money", "canceled while it is being authorised" and
 * "voided in the gateway's portal, still authorized": a canceled order gives its money back (at its
 * cancel, or at the next reconciliation), and an order whose money is gone is shown (payment_status,
 * *Unmatched payments*' orders list, the widget, an event), also when it is fulfilled. One app boot,
 * option `orphans: "report"` is saved through the admin's settings for one test.
 */
const env = useAcquiringEnv()

/** The cart of cartWithShipping: two mugs, one tee, shipping, SAVE5. */
const AMOUNT = "32.89"

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const sandbox = () => env.sandbox()
  const gateway = (orderNo: string) => sandbox().inspect.order(orderNo)!

  const eventsDuring = (names: string[], run: () => Promise<void>) => hookEventsDuring(getContainer(), names, run)

  const orderView = async (orderId: string) => {
    const order = await adminOrder(api, seed, orderId)
    const payment = order.payment_collections[0].payments[0]
    const sum = (rows: Array<{ amount: number }>) => rows.reduce((s, r) => s + Number(r.amount), 0).toFixed(2)
    return {
      status: order.status as string,
      payment_status: order.payment_status as string,
      canceled: !!payment.canceled_at,
      captured: sum(payment.captures ?? []),
      refunded: sum(payment.refunds ?? []),
    }
  }

  const ordersList = async () => {
    const res = await admin.get("/admin/acquiring/unmatched?list=orders")
    expect(res.status).toBe(200)
    return res.data.unmatched as Array<{
      order_no: string
      order_id: string
      settlement: string
      settlement_detail: string
    }>
  }

  const reconcileNow = async (orderIds?: string[]) => {
    const res = await admin.post("/admin/acquiring/reconcile", orderIds ? { order_ids: orderIds } : {})
    expect(res.status).toBe(200)
    return res.data.report.changes as Array<{ kind: string; order_id?: string; detail?: string }>
  }

  it("captured in the gateway's portal, then the admin cancels: refunded in full at the gateway and in Medusa's records, with an event", async () => {
    const o = await placeOrder(api, seed, sandbox())
    sandbox().portal.capture(o.order_no)
    const seen = await eventsDuring([ORDER_MONEY_EVENTS.canceledRefunded], async () => {
      const res = await admin.post(`/admin/orders/${o.order_id}/cancel`)
      expect(res.status).toBe(200)
      await until("the refund", () => gateway(o.order_no).refunded_amount === AMOUNT)
      await until("Medusa's refund", async () => (await orderView(o.order_id)).refunded === AMOUNT)
    })
    expect(gateway(o.order_no)).toMatchObject({ captured_amount: AMOUNT, refunded_amount: AMOUNT })
    expect(await orderView(o.order_id)).toEqual({
      status: "canceled",
      payment_status: "refunded",
      canceled: false,
      captured: AMOUNT,
      refunded: AMOUNT,
    })
    expect(seen).toEqual([
      {
        name: ORDER_MONEY_EVENTS.canceledRefunded,
        data: expect.objectContaining({
          order_id: o.order_id,
          order_no: o.order_no,
          settlement: "refunded",
          amount: AMOUNT,
          source: "cancel",
        }),
      },
    ])
    // Nothing left for reconciliation, and one refund only.
    expect((await reconcileNow()).filter((c) => c.order_id === o.order_id)).toEqual([])
    expect(gateway(o.order_no).refunds).toHaveLength(1)
  })

  it('orphans: "report": the canceled order holding captured money is listed on Unmatched payments, no money moves', async () => {
    // Switched the way a shop admin does, once the order is paid: a policy counts for open payments too.
    const setOrphans = async (orphans: "report" | null) =>
      expect((await admin.post("/admin/acquiring/settings/acquiring", { values: { orphans } })).status).toBe(200)
    const o = await placeOrder(api, seed, sandbox())
    sandbox().portal.capture(o.order_no)
    await setOrphans("report")
    try {
      const mark = requestMark(sandbox())
      const seen = await eventsDuring([ORDER_MONEY_EVENTS.canceledHeld], async () => {
        expect((await admin.post(`/admin/orders/${o.order_id}/cancel`)).status).toBe(200)
        await until("the listing", async () => (await ordersList()).some((u) => u.order_no === o.order_no))
      })
      expect((await ordersList()).find((u) => u.order_no === o.order_no)).toMatchObject({
        order_id: o.order_id,
        settlement: "order_canceled_held",
      })
      expect(seen.map((e) => [e.name, e.data.settlement])).toEqual([[ORDER_MONEY_EVENTS.canceledHeld, "reported"]])
      expect(requestsSince(sandbox(), "/v1/refund", mark)).toEqual([])
      expect(gateway(o.order_no).refunded_amount).toBe("0.00")
    } finally {
      await setOrphans(null)
    }
  })

  it("the admin cancels while an admin capture is in flight: the cancel waits for it, then the capture is refunded in full", async () => {
    const o = await placeOrder(api, seed, sandbox())
    const payment = (await adminOrder(api, seed, o.order_id)).payment_collections[0].payments[0]
    sandbox().faults.add({ target: "capture", kind: "latency", latency_ms: 2_000, count: 1 })
    const capture = admin.post(`/admin/payments/${payment.id}/capture`)
    await sleep(500)
    const cancel = await admin.post(`/admin/orders/${o.order_id}/cancel`)
    expect((await capture).status).toBe(200)
    expect(cancel.status).toBe(200)
    await until("the refund", () => gateway(o.order_no).refunded_amount === AMOUNT)
    expect(gateway(o.order_no)).toMatchObject({ captured_amount: AMOUNT, refunded_amount: AMOUNT })
    expect(await orderView(o.order_id)).toMatchObject({ status: "canceled", captured: AMOUNT, refunded: AMOUNT })
  })

  it("the admin cancels while the completion authorises: the order is canceled first, and the authorisation that follows is voided (at the latest by reconciliation)", async () => {
    const cart = await cartWithShipping(api, seed, { email: `cancel-${Date.now()}@shop.test` })
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
    const o = { cart_id: cart.id as string, order_no: session.data.order_no as string }
    // The storefront completes the cart (the notification, which would complete it too, is dropped).
    sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
    sandbox().shopper.pay(o.order_no, { card: "4111111111111111" })
    // Medusa creates the order, then asks the provider to authorise (retrievalTrans): slowed here.
    sandbox().faults.add({ target: "retrievalTrans", kind: "latency", latency_ms: 3_000, count: 1 })
    let orderId: string | undefined
    const seen = await eventsDuring([ORDER_MONEY_EVENTS.canceledRefunded], async () => {
      let completed = false
      const completion = completeCart(api, seed, o.cart_id).finally(() => (completed = true))
      await until("the order", async () => !!(orderId = (await ordersOfCart(getContainer(), o.cart_id))[0]), 10_000)
      const cancel = await admin.post(`/admin/orders/${orderId}/cancel`)
      expect(cancel.status).toBe(200)
      // The cancel answered while the completion was still authorising.
      expect(completed).toBe(false)
      expect((await completion).type).toBe("order")
      // The cancel's subscriber may have run before the payment existed: reconciliation finds it then.
      const changes = (await reconcileNow()).filter((c) => c.order_id === orderId).map((c) => c.kind)
      expect(changes.filter((k) => k !== "canceled_order_voided")).toEqual([])
    })
    expect(gateway(o.order_no).payment_status).toBe(PAYMENT_STATUS.CANCELLED)
    expect(await orderView(orderId!)).toMatchObject({ status: "canceled", payment_status: "canceled", canceled: true })
    expect(seen.map((e) => [e.data.order_id, e.data.settlement])).toEqual([[orderId, "voided"]])
    expect((await reconcileNow()).filter((c) => c.order_id === orderId)).toEqual([])
  })

  it("voided in the gateway's portal: payment_status no longer authorized, listed as an order without money, an event; an on_fulfillment fulfilment is flagged", async () => {
    const o = await placeOrder(api, seed, sandbox(), { provider: PROVIDERS.hostedOnFulfilment })
    sandbox().portal.cancel(o.order_no)
    let changes: Array<{ kind: string; order_id?: string }> = []
    const seen = await eventsDuring([ORDER_MONEY_EVENTS.unpaid], async () => {
      changes = await reconcileNow()
    })
    // Medusa's payment shows the truth: canceled, and the order no longer `authorized`.
    expect(await orderView(o.order_id)).toMatchObject({ status: "pending", payment_status: "canceled", canceled: true })
    expect(changes.filter((c) => c.order_id === o.order_id).map((c) => c.kind)).toEqual(["cancel", "order_unpaid"])
    expect(seen.map((e) => [e.data.order_id, e.data.cause])).toEqual([[o.order_id, "voided"]])
    expect((await ordersList()).find((u) => u.order_no === o.order_no)).toMatchObject({
      order_id: o.order_id,
      settlement: "order_unpaid",
    })
    const widget = await admin.get(`/admin/acquiring/payments/${o.order_id}`)
    expect(widget.data.money_marks).toEqual([expect.objectContaining({ order_no: o.order_no, mark: "order_unpaid" })])

    const order = await adminOrder(api, seed, o.order_id)
    const items = order.items.map((i: any) => ({ id: i.id, quantity: i.quantity }))
    const flagged = await eventsDuring([ORDER_MONEY_EVENTS.fulfilledUnpaid], async () => {
      const res = await admin.post(`/admin/orders/${o.order_id}/fulfillments`, { items, location_id: seed.location_id })
      if (res.status !== 409) expect(res.status).toBe(200)
      await until("the flag", async () =>
        (await ordersList()).some((u) => u.order_no === o.order_no && u.settlement_detail.includes("fulfilled")),
      )
    })
    expect(flagged.map((e) => e.data.order_id)).toEqual([o.order_id])
  })
})
