import { Modules } from "@medusajs/framework/utils"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { placeOrder, sleep } from "./helpers/acquiring-orders"
import { adminOrder } from "./helpers/acquiring-store"
import { wireName } from "./helpers/dialect"
import { deliverNotification } from "./helpers/hook-events"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

/**
 * Notifications the gateway sends after the payment (issue 14): refunds (made through Medusa or
 * in the gateway's portal) and disputes, from the sandbox to the real notify route of the test
 * app, and delivered again by the test as the gateway's retries would.
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  /** A checkout paid at the sandbox, completed by the storefront and captured through Medusa's admin route. */
  const capturedOrder = async () => {
    const sandbox = env.sandbox()
    const placed = await placeOrder(api, seed, sandbox)
    await sandbox.notifications.settle(15_000)
    const payment = (await adminOrder(api, seed, placed.order_id)).payment_collections[0].payments[0]
    const res = await admin.post(`/admin/payments/${payment.id}/capture`)
    expect(res.status).toBe(200)
    return { ...placed, payment_id: payment.id as string, transaction_id: payment.data.transaction_id as string }
  }
  /** The admin payment view, with the provider's data and Medusa's refund rows. */
  const paymentOf = async (id: string) => (await admin.get(`/admin/payments/${id}?fields=*,data,*refunds`)).data.payment
  /** The order widget's data route. */
  const widgetOf = async (orderId: string) => {
    const res = await admin.get(`/admin/acquiring/payments/${orderId}`)
    expect(res.status).toBe(200)
    return res.data
  }
  const sent = (orderNo: string, type: string) =>
    env
      .sandbox()
      .notifications.list()
      .filter((n) => n.payload[wireName("order_no")] === orderNo && n.notify_type === type)
  /** Deliver a notification body ourselves, as a retry of the gateway would. */
  const deliver = (payload: Record<string, string>) => deliverNotification(api, payload)
  const settled = async () => expect(await env.sandbox().notifications.settle(30_000)).toBe(true)

  it("a partial refund through Medusa's admin route: its signed notification is answered success, recorded, and a second delivery changes nothing", async () => {
    const o = await capturedOrder()
    const res = await admin.post(`/admin/payments/${o.payment_id}/refund`, { amount: 10 })
    expect(res.status).toBe(200)
    await settled()

    const notes = sent(o.order_no, "refund")
    expect(notes).toHaveLength(1)
    expect(notes[0].state).toBe("delivered")
    expect(notes[0].attempts.map((a) => a.status)).toEqual([200])

    const after = await paymentOf(o.payment_id)
    expect(after.refunds).toHaveLength(1)
    // refund_date comes only from the gateway's refund record, i.e. from the notification.
    expect(after.data.refunds).toEqual([
      expect.objectContaining({
        refund_reference_id: `${o.transaction_id}-01`,
        refund_amount: "10.00",
        refund_status: "1",
        medusa_refund_id: after.refunds[0].id,
        refund_date: expect.stringMatching(/^\d{14}$/),
      }),
    ])
    expect(after.data.refunded_amount).toBe("10.00")
    const widget = await widgetOf(o.order_id)
    expect(widget.payments[0].refunds).toEqual([
      expect.objectContaining({
        refund_reference_id: `${o.transaction_id}-01`,
        refund_amount: "10.00",
        medusa_refund_id: after.refunds[0].id,
        refund_date: expect.any(String),
      }),
    ])

    const again = await deliver(notes[0].payload)
    expect([again.status, again.data]).toEqual([200, "success"])
    const later = await paymentOf(o.payment_id)
    expect(later.data).toEqual(after.data)
    expect(later.updated_at).toBe(after.updated_at)
    expect(later.refunds).toHaveLength(1)
  })

  it("a refund made in the gateway's portal is recorded in the payment data by its notification; reconciliation then records it in Medusa once", async () => {
    const o = await capturedOrder()
    env.sandbox().portal.refund(o.order_no, "5.00")
    await settled()

    const notes = sent(o.order_no, "refund")
    expect(notes).toHaveLength(1)
    expect(notes[0].attempts.map((a) => a.status)).toEqual([200])
    const after = await paymentOf(o.payment_id)
    expect(after.data.refunds).toEqual([
      {
        refund_reference_id: `${o.transaction_id}-01`,
        refund_amount: "5.00",
        refund_status: "1",
        refund_date: expect.stringMatching(/^\d{14}$/),
      },
    ])
    expect(after.data.refunded_amount).toBe("5.00")
    // Medusa refund rows for portal refunds are reconciliation's to create, not the notification's.
    expect(after.refunds).toHaveLength(0)

    const again = await deliver(notes[0].payload)
    expect([again.status, again.data]).toEqual([200, "success"])
    expect((await paymentOf(o.payment_id)).data).toEqual(after.data)

    const sync = await admin.post("/admin/acquiring/reconcile", { order_ids: [o.order_id] })
    expect(sync.status).toBe(200)
    expect(sync.data.report.changes).toEqual([
      expect.objectContaining({ kind: "refund", amount: "5.00", refund_reference_id: `${o.transaction_id}-01` }),
    ])
    const synced = await paymentOf(o.payment_id)
    expect(synced.refunds).toHaveLength(1)
    expect(synced.data.refunds).toEqual([
      expect.objectContaining({
        refund_reference_id: `${o.transaction_id}-01`,
        medusa_refund_id: synced.refunds[0].id,
      }),
    ])
  })

  it("a dispute opened then lost: the widget shows reason and deadline; each event is emitted once although the notifications arrive again, at once and late", async () => {
    const events = { opened: [] as any[], closed: [] as any[] }
    const bus = getContainer().resolve(Modules.EVENT_BUS)
    const onOpened = async (e: { data: unknown }) => void events.opened.push(e.data)
    const onClosed = async (e: { data: unknown }) => void events.closed.push(e.data)
    bus.subscribe("acquiring.dispute.opened", onOpened, { subscriberId: "test-dispute-opened" })
    bus.subscribe("acquiring.dispute.closed", onClosed, { subscriberId: "test-dispute-closed" })
    const eventually = async (what: () => boolean) => {
      for (const end = Date.now() + 10_000; !what() && Date.now() < end;) await sleep(50)
    }
    try {
      const sandbox = env.sandbox()
      const o = await capturedOrder()
      sandbox.portal.openDispute(o.order_no, {
        reason: "Fraudulent transaction",
        deadline: "2030-01-31",
        amount: "20.00",
      })
      await settled()
      const [opening] = sent(o.order_no, "dispute")
      expect(opening.attempts.map((a) => a.status)).toEqual([200])
      const disputeId = opening.payload.dispute_id
      await eventually(() => events.opened.length > 0)

      let widget = await widgetOf(o.order_id)
      expect(widget.payments[0].disputes).toEqual([
        {
          id: disputeId,
          status: "opened",
          reason: "Fraudulent transaction",
          amount: "20.00",
          deadline: "2030-01-31",
          opened_at: expect.any(String),
          closed_at: null,
          reported_by: "notification",
          unconfirmed: false,
          history: [expect.objectContaining({ status: "opened", gateway_status: "opened" })],
        },
      ])

      // The same notification twice at once; and a copy with a signed value changed is refused.
      const copies = await Promise.all([deliver(opening.payload), deliver(opening.payload)])
      expect(copies.map((r) => [r.status, r.data])).toEqual([
        [200, "success"],
        [200, "success"],
      ])
      expect((await deliver({ ...opening.payload, [wireName("amount")]: "1.00" })).status).toBe(401)

      sandbox.portal.closeDispute(o.order_no, "lost")
      await settled()
      const closing = sent(o.order_no, "dispute")[1]
      expect(closing.payload.dispute_status).toBe("lost")
      expect(closing.attempts.map((a) => a.status)).toEqual([200])
      await eventually(() => events.closed.length > 0)

      // The closing one twice at once, and the opening one arriving late.
      const late = await Promise.all([deliver(closing.payload), deliver(closing.payload), deliver(opening.payload)])
      expect(late.map((r) => r.status)).toEqual([200, 200, 200])
      await sleep(1_000) // an extra event would have arrived by now

      expect(events.opened).toEqual([
        {
          order_id: o.order_id,
          payment_id: o.payment_id,
          dispute: expect.objectContaining({ id: disputeId, status: "opened", reason: "Fraudulent transaction" }),
        },
      ])
      expect(events.closed).toEqual([
        {
          order_id: o.order_id,
          payment_id: o.payment_id,
          dispute: expect.objectContaining({ id: disputeId, status: "lost", closed_at: expect.any(String) }),
        },
      ])
      widget = await widgetOf(o.order_id)
      expect(widget.payments[0].disputes).toEqual([
        {
          id: disputeId,
          status: "lost",
          reason: "Fraudulent transaction",
          amount: "20.00",
          deadline: "2030-01-31",
          opened_at: expect.any(String),
          closed_at: expect.any(String),
          reported_by: "notification",
          unconfirmed: false,
          // Each report once, by the gateway's date: the repeats and the late opening added nothing.
          history: [
            expect.objectContaining({ status: "opened", gateway_status: "opened" }),
            expect.objectContaining({ status: "lost", gateway_status: "lost" }),
          ],
        },
      ])
    } finally {
      bus.unsubscribe("acquiring.dispute.opened", onOpened, { subscriberId: "test-dispute-opened" })
      bus.unsubscribe("acquiring.dispute.closed", onClosed, { subscriberId: "test-dispute-closed" })
    }
  })
})
