import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PAYMENT_STATUS, REFUND_STATUS } from "../../src/gateway/status-codes"
import { gatewaysFor, recordsByOrderNo, refundsByOrderNo } from "../../src/lib/acquiring/gateways"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import type { NotificationRecord } from "../../src/sandbox"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { requestMark, requestsSince, sleep } from "./helpers/acquiring-orders"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { cartWithShipping, completeCart, DEVICE, ordersOfCart, startSession } from "./helpers/acquiring-store"
import { formOf, getPage, payOnHostedPage, postForm } from "./helpers/browser"
import { wireName } from "./helpers/dialect"
import { deliverNotification, eventsDuring } from "./helpers/hook-events"

jest.setTimeout(300_000)

/**
 * Issue 26, "No money without an order": a gateway order paid or authorised after Medusa deleted its
 * session (a replaced session paid on its old page; a cart edited before the notification landed) is
 * voided or refunded in full, its notification is answered 2xx, and the books list it. Before the
 * books (412fa0f) each notification here was answered 404 `unknown order` on every retry and the money
 * stayed taken (all seven fail there: six 404 answers per notification, an empty reconciliation
 * report). One app boot for the file, in both dialects (integration:http and integration:http:legacy):
 * the `sale` account is switched in-process for one test (the sandbox's account object) and option
 * `orphans: "report"` saved through the admin's settings for another, rather than booting a second app.
 */
const env = useAcquiringEnv()

const ACCOUNT_ID = "100000101"
const RETURN_URL = "http://shop.test/checkout/return"
/** The cart of cartWithShipping: two mugs, one tee, shipping, SAVE5. */
const AMOUNT = "32.89"
const REASON = "its payment session no longer exists"

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const books = () => getContainer().resolve(ACQUIRING_MODULE) as AcquiringModuleService
  const sandbox = () => env.sandbox()

  /** The payment notifications the sandbox sent for one order (refund notifications left out). */
  const paymentNotes = (orderNo: string): NotificationRecord[] =>
    sandbox()
      .notifications.list()
      .filter((n) => n.notify_type !== "refund" && n.payload[wireName("order_no")] === orderNo)
  /** Our answers to each delivery, attempt by attempt: [[200]] is one notification answered 2xx the first time. */
  const replies = (orderNo: string) => paymentNotes(orderNo).map((n) => n.attempts.map((a) => a.status))

  /** What the gateway says of the order, asked as the plugin asks it (retrievalTrans, retrievalRefund). */
  const atGateway = async (orderNo: string, providerId: string) => {
    const { client } = gatewaysFor(getContainer())(providerId)
    const ref = { order_no: orderNo, account_id: ACCOUNT_ID, currency: "EUR" }
    const record = (await recordsByOrderNo(client, [ref])).get(orderNo)
    const refunds = (await refundsByOrderNo(client, [ref])).get(orderNo) ?? []
    return { status: record?.payment_status, refunds: refunds.map((r) => [r.refund_amount, r.refund_status]) }
  }

  const sessionExists = async (id: string) => {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "payment_session", fields: ["id"], filters: { id } })
    return data.length > 0
  }

  /** Both hooks write their row once the answer is sent (res "finish"): wait for it a little. */
  const notificationRows = async (orderNo: string, n: number) => {
    for (let i = 0; i < 50; i++) {
      const rows = await books().listNotifications(
        { order_no: orderNo, notify_type: "payment" },
        { order: { created_at: "ASC" } },
      )
      if (rows.length >= n) return rows
      await sleep(100)
    }
    return books().listNotifications({ order_no: orderNo, notify_type: "payment" }, { order: { created_at: "ASC" } })
  }

  /** The books' account of one orphan: its row, its money movements, its notifications. */
  const booksFor = async (orderNo: string, notifications = 1) => {
    const [order] = await books().listGatewayOrders({ order_no: orderNo })
    const movements = await books().listMovements({ order_no: orderNo })
    const notes = await notificationRows(orderNo, notifications)
    return {
      order: order && {
        state: order.state,
        settlement: order.settlement,
        orphan_reason: order.orphan_reason,
        settlement_detail: order.settlement_detail,
      },
      movements: movements.map((m) => ({
        kind: m.kind,
        source: m.source,
        outcome: m.outcome,
        amount: String(m.amount),
      })),
      // Concurrent deliveries finish in either order: sorted by what each changed.
      notifications: [...notes]
        .sort((x, y) => String(x.changed).localeCompare(String(y.changed)))
        .map((r) => ({
          verdict: r.verdict,
          reply_status: r.reply_status,
          reply_body: r.reply_body,
          changed: r.changed,
        })),
    }
  }

  /** acquiring.orphan.settled events while `run` runs. */
  const settledEvents = async (run: () => Promise<void>) =>
    (await eventsDuring(getContainer(), ["acquiring.orphan.settled"], run, 200)).map((e) => e.data)

  const apmData = { payment_method: "sandbox_wallet", return_url: RETURN_URL }
  const hostedData = { device: DEVICE, return_url: RETURN_URL }

  /** The shopper approves on the APM's issuer page (the link the storefront was given). */
  const approveOnIssuerPage = async (issuerUrl: string) => {
    const page = await getPage(issuerUrl)
    const form = formOf(page.html, issuerUrl)
    const back = await postForm(form.action, { ...form.fields, action: "approve" })
    expect(back.location).toContain(RETURN_URL)
  }

  /** Session A, then session B on the same collection (a double click): Medusa deletes A; A's page stays open. */
  const replacedSession = async (provider: string, data: Record<string, unknown>) => {
    const cart = await cartWithShipping(api, seed)
    const { session: a } = await startSession(api, seed, cart.id, provider, data)
    const { session: b } = await startSession(api, seed, cart.id, provider, data)
    expect(b.id).not.toBe(a.id)
    expect(await sessionExists(a.id)).toBe(false)
    const [row] = await books().listGatewayOrders({ order_no: a.data.order_no })
    expect(row?.state).toBe("open")
    return { cart, a, b, orderNo: a.data.order_no as string }
  }

  /** The shopper adds a mug: Medusa refreshes the collection and deletes the session. */
  const addMug = async (cartId: string, sessionId: string) => {
    await api.post(`/store/carts/${cartId}/line-items`, { variant_id: seed.variants.mug, quantity: 1 }, seed.store)
    expect(await sessionExists(sessionId)).toBe(false)
  }

  const refundedInBooks = (notifications: number) => ({
    order: {
      state: "settled",
      settlement: "refunded",
      orphan_reason: REASON,
      settlement_detail: `refunded ${AMOUNT} EUR (${REASON})`,
    },
    movements: [{ kind: "refund", source: "orphan", outcome: "done", amount: AMOUNT }],
    // One delivery settled it; any other found it done ("already settled" sorts first).
    notifications: Array.from({ length: notifications }, (_, i) => ({
      verdict: "accepted",
      reply_status: 200,
      reply_body: "success",
      changed: i === notifications - 1 ? `refunded ${AMOUNT} EUR (${REASON})` : "already settled",
    })),
  })

  it("a replaced APM session paid on its old issuer page: the notification is answered 200, the payment refunded in full, the books list it", async () => {
    const { cart, a, orderNo } = await replacedSession(PROVIDERS.apm, apmData)
    const events = await settledEvents(async () => {
      await approveOnIssuerPage(a.data.issuer_url)
      expect(await sandbox().notifications.settle(15_000)).toBe(true)
    })

    expect(replies(orderNo)).toEqual([[200]])
    expect(await atGateway(orderNo, PROVIDERS.apm)).toEqual({
      status: PAYMENT_STATUS.REFUNDED,
      refunds: [[AMOUNT, REFUND_STATUS.REFUNDED]],
    })
    expect(sandbox().inspect.order(orderNo)).toMatchObject({ captured_amount: AMOUNT, refunded_amount: AMOUNT })
    expect(await booksFor(orderNo)).toEqual(refundedInBooks(1))
    expect(events).toEqual([{ order_no: orderNo, settlement: "refunded", amount: AMOUNT, currency_code: "EUR" }])
    // The gateway then tells of the refund it made: answered 200 too (no session to change), not retried for 36 h.
    const refundNotes = sandbox()
      .notifications.list()
      .filter((n) => n.notify_type === "refund" && n.payload[wireName("order_no")] === orderNo)
    expect(refundNotes.map((n) => n.attempts.map((x) => x.status))).toEqual([[200]])
    const [refundRow] = await books().listNotifications({ order_no: orderNo, notify_type: "refund" })
    expect(refundRow).toMatchObject({ verdict: "accepted", changed: "no live session; nothing to change" })
    expect(await ordersOfCart(getContainer(), cart.id)).toEqual([])
    // The admin's Unmatched payments lists it with what was done.
    const listed = (await admin.get("/admin/acquiring/unmatched")).data.unmatched
    expect(listed.find((u: { order_no: string }) => u.order_no === orderNo)).toMatchObject({
      amount: AMOUNT,
      currency_code: "EUR",
      settlement: "refunded",
      settlement_detail: `refunded ${AMOUNT} EUR (${REASON})`,
    })
  })

  it("a replaced hosted-page session paid by card (funds held): the authorisation is voided at the notification, answered 200", async () => {
    const { a, orderNo } = await replacedSession(PROVIDERS.hosted, hostedData)
    const paid = await payOnHostedPage(a.data.form, { number: "4111111111111111" })
    expect(paid.returnedTo).toContain(RETURN_URL)
    expect(await sandbox().notifications.settle(15_000)).toBe(true)

    expect(replies(orderNo)).toEqual([[200]])
    expect(await atGateway(orderNo, PROVIDERS.hosted)).toEqual({ status: PAYMENT_STATUS.CANCELLED, refunds: [] })
    expect(await booksFor(orderNo)).toEqual({
      order: {
        state: "settled",
        settlement: "voided",
        orphan_reason: REASON,
        settlement_detail: `voided ${AMOUNT} EUR (${REASON})`,
      },
      movements: [{ kind: "cancel", source: "orphan", outcome: "done", amount: AMOUNT }],
      notifications: [
        { verdict: "accepted", reply_status: 200, reply_body: "success", changed: `voided ${AMOUNT} EUR (${REASON})` },
      ],
    })
  })

  it("a cart edited while the APM notification is late: Medusa deletes the session, the notification lands, the payment is refunded in full", async () => {
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.apm, apmData)
    const orderNo = session.data.order_no as string
    sandbox().faults.add({ target: "notifications", kind: "delay", delay_ms: 3_000, count: 1 })
    await approveOnIssuerPage(session.data.issuer_url)
    // Paid at once (3000): the quiet cancel on session delete leaves it as it is.
    expect(sandbox().inspect.order(orderNo)!.payment_status).toBe(PAYMENT_STATUS.PAID)
    await addMug(cart.id, session.id)
    expect(paymentNotes(orderNo).map((n) => n.attempts.length)).toEqual([0])
    expect(await sandbox().notifications.settle(15_000)).toBe(true)

    expect(replies(orderNo)).toEqual([[200]])
    expect(await atGateway(orderNo, PROVIDERS.apm)).toEqual({
      status: PAYMENT_STATUS.REFUNDED,
      refunds: [[AMOUNT, REFUND_STATUS.REFUNDED]],
    })
    expect(await booksFor(orderNo)).toEqual(refundedInBooks(1))
  })

  it("the same with the notification dropped: one reconciliation refunds it and reports orphan_settled; the next changes nothing", async () => {
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.apm, apmData)
    const orderNo = session.data.order_no as string
    sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
    await approveOnIssuerPage(session.data.issuer_url)
    await addMug(cart.id, session.id)
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    expect(paymentNotes(orderNo).map((n) => n.state)).toEqual(["dropped"])
    expect(sandbox().inspect.order(orderNo)!.payment_status).toBe(PAYMENT_STATUS.PAID)

    const sync = async () => {
      const res = await admin.post("/admin/acquiring/reconcile", {})
      expect(res.status).toBe(200)
      return (res.data.report.changes as Array<Record<string, unknown>>).filter((c) => c.order_no === orderNo)
    }
    expect(await sync()).toEqual([
      { kind: "orphan_settled", order_no: orderNo, detail: `refunded ${AMOUNT} EUR (${REASON})` },
    ])
    expect(await atGateway(orderNo, PROVIDERS.apm)).toEqual({
      status: PAYMENT_STATUS.REFUNDED,
      refunds: [[AMOUNT, REFUND_STATUS.REFUNDED]],
    })
    expect(await booksFor(orderNo, 0)).toEqual(refundedInBooks(0))
    expect(await sync()).toEqual([])
    expect((await atGateway(orderNo, PROVIDERS.apm)).refunds).toHaveLength(1)
  })

  it("the late notification lands while the new session's completion authorises (order placed, not yet paid): refunded once, never left unmatched", async () => {
    const cart = await cartWithShipping(api, seed)
    const { session: a } = await startSession(api, seed, cart.id, PROVIDERS.apm, apmData)
    const orderNo = a.data.order_no as string
    sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
    await approveOnIssuerPage(a.data.issuer_url)
    await addMug(cart.id, a.id)
    // The new total paid by card; its notification lost, so the return page's completion places the order.
    const { session: b } = await startSession(api, seed, cart.id, PROVIDERS.hosted, hostedData)
    sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
    await payOnHostedPage(b.data.form, { number: "4111111111111111" })
    // Medusa creates the order, then authorises: the gateway's answer to that is slow.
    const slow = sandbox().faults.add({ target: "retrievalTrans", kind: "latency", latency_ms: 4_000, count: 1 })
    const completing = completeCart(api, seed, cart.id)
    for (let i = 0; i < 200 && !slow.fired; i++) await sleep(25)
    expect(slow.fired).toBe(1)
    expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)

    // The gateway's retry of A's notification arrives now.
    const events = await settledEvents(async () => {
      const [note] = paymentNotes(orderNo)
      expect((await deliverNotification(api, note.payload)).status).toBe(200)
      expect((await completing).type).toBe("order")
    })
    // Settled by the notification: the reconciliation after it finds nothing left to do.
    const res = await admin.post("/admin/acquiring/reconcile", {})
    expect(res.data.report.changes.filter((c: { order_no?: string }) => c.order_no === orderNo)).toEqual([])
    expect(await booksFor(orderNo)).toEqual(refundedInBooks(1))
    expect(await atGateway(orderNo, PROVIDERS.apm)).toEqual({
      status: PAYMENT_STATUS.REFUNDED,
      refunds: [[AMOUNT, REFUND_STATUS.REFUNDED]],
    })
    expect(sandbox().inspect.order(orderNo)!.refunds).toHaveLength(1)
    expect(events).toEqual([{ order_no: orderNo, settlement: "refunded", amount: AMOUNT, currency_code: "EUR" }])
    // The order's own card payment is untouched.
    expect(sandbox().inspect.order(b.data.order_no)!.payment_status).toBe(PAYMENT_STATUS.AUTHORISED)
  })

  it("a card on a sale account (paid at once), cart edited before the late notification: refunded in full, answered 200", async () => {
    // The sandbox account the app uses captures at once for the orders opened now (the order keeps its mode).
    const account = sandbox().merchants[0].accounts.find((x) => x.account_id === ACCOUNT_ID)!
    const cart = await cartWithShipping(api, seed)
    account.capture_mode = "sale"
    let session: Awaited<ReturnType<typeof startSession>>["session"]
    try {
      session = (await startSession(api, seed, cart.id, PROVIDERS.hosted, hostedData)).session
    } finally {
      account.capture_mode = "authorise"
    }
    const orderNo = session.data.order_no as string
    sandbox().faults.add({ target: "notifications", kind: "delay", delay_ms: 3_000, count: 1 })
    await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    expect(sandbox().inspect.order(orderNo)).toMatchObject({
      capture_mode: "sale",
      payment_status: PAYMENT_STATUS.PAID,
    })
    await addMug(cart.id, session.id)
    expect(await sandbox().notifications.settle(15_000)).toBe(true)

    expect(replies(orderNo)).toEqual([[200]])
    expect(await atGateway(orderNo, PROVIDERS.hosted)).toEqual({
      status: PAYMENT_STATUS.REFUNDED,
      refunds: [[AMOUNT, REFUND_STATUS.REFUNDED]],
    })
    expect(await booksFor(orderNo)).toEqual(refundedInBooks(1))
  })

  it('orphans: "report": the notification is answered 200, no money moves, the books hold the order as unmatched', async () => {
    // Switched the way a shop admin does, after the payment started: a policy counts for open payments too.
    const setOrphans = async (orphans: "report" | null) =>
      expect((await admin.post("/admin/acquiring/settings/acquiring", { values: { orphans } })).status).toBe(200)
    const { a, orderNo } = await replacedSession(PROVIDERS.apm, apmData)
    await setOrphans("report")
    try {
      const mark = requestMark(sandbox())
      await approveOnIssuerPage(a.data.issuer_url)
      expect(await sandbox().notifications.settle(15_000)).toBe(true)

      expect(replies(orderNo)).toEqual([[200]])
      expect(await atGateway(orderNo, PROVIDERS.apm)).toEqual({ status: PAYMENT_STATUS.PAID, refunds: [] })
      expect(await booksFor(orderNo)).toEqual({
        order: {
          state: "unmatched",
          settlement: null,
          orphan_reason: REASON,
          settlement_detail: "recorded for the admin, no money moved",
        },
        movements: [],
        notifications: [
          {
            verdict: "accepted",
            reply_status: 200,
            reply_body: "success",
            changed: "recorded for the admin, no money moved",
          },
        ],
      })
      // Reconciliation leaves it to the admin as well: the order is no longer open in the books.
      const res = await admin.post("/admin/acquiring/reconcile", {})
      expect(res.status).toBe(200)
      expect(res.data.report.changes.filter((c: { order_no?: string }) => c.order_no === orderNo)).toEqual([])
      const moved = [...requestsSince(sandbox(), "/v1/refund", mark), ...requestsSince(sandbox(), "/v1/cancel", mark)]
      expect(moved).toEqual([])
      expect(await atGateway(orderNo, PROVIDERS.apm)).toEqual({ status: PAYMENT_STATUS.PAID, refunds: [] })
    } finally {
      await setOrphans(null)
    }
  })

  it("the same notification delivered twice settles once: one refund at the gateway, both deliveries answered 200", async () => {
    const { a, orderNo } = await replacedSession(PROVIDERS.apm, apmData)
    sandbox().faults.add({ target: "notifications", kind: "duplicate", count: 1 })
    const events = await settledEvents(async () => {
      await approveOnIssuerPage(a.data.issuer_url)
      expect(await sandbox().notifications.settle(15_000)).toBe(true)
    })

    expect(replies(orderNo)).toEqual([[200], [200]])
    expect(await atGateway(orderNo, PROVIDERS.apm)).toEqual({
      status: PAYMENT_STATUS.REFUNDED,
      refunds: [[AMOUNT, REFUND_STATUS.REFUNDED]],
    })
    expect(sandbox().inspect.order(orderNo)!.refunds).toHaveLength(1)
    expect(await booksFor(orderNo, 2)).toEqual(refundedInBooks(2))
    expect(events).toHaveLength(1)
  })

  it("the session route writes the new gateway order into the books with its cart, whatever fields the storefront asks the answer for", async () => {
    // The books middleware reads the sessions from Medusa's answer; `?fields=id` leaves them out of it.
    for (const query of ["", "?fields=id"]) {
      const cart = await cartWithShipping(api, seed)
      const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, seed.store)).data
        .payment_collection
      await api.post(
        `/store/payment-collections/${collection.id}/payment-sessions${query}`,
        { provider_id: PROVIDERS.hosted, data: hostedData },
        seed.store,
      )
      const q = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: sessions } = await q.graph({
        entity: "payment_session",
        fields: ["id", "created_at", "data"],
        filters: { payment_collection_id: collection.id },
      })
      expect(sessions).toHaveLength(1)
      const [row] = await books().listGatewayOrders({ order_no: sessions[0].data.order_no })
      expect(row && { ...row, amount: String(row.amount) }).toMatchObject({
        provider_id: PROVIDERS.hosted,
        kind: "checkout",
        amount: AMOUNT,
        currency_code: "EUR",
        session_id: sessions[0].id,
        payment_collection_id: collection.id,
        cart_id: cart.id,
        state: "open",
      })
      const ttlMs = new Date(row.page_expires_at!).getTime() - new Date(sessions[0].created_at).getTime()
      expect(ttlMs).toBe(3_600_000)
    }
  })
})
