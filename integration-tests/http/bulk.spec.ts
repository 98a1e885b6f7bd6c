import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { Client } from "pg"
import { listAwaitingCapture, type AwaitingCapturePage } from "../../src/lib/acquiring/queries/awaiting-capture"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { adminOrder } from "./helpers/acquiring-store"
import { placeOrder, placeOrders, requestMark, requestsSince } from "./helpers/acquiring-orders"

jest.setTimeout(900_000)

const env = useAcquiringEnv({ request_log_size: 10_000 })

/**
 * Orders of the split test: one is cancelled at the gateway and the rest are one more than the gateway's
 * 50 orders a request, the split's edge (a full batch, then one); each is a real checkout, so no more.
 */
const SPLIT_ORDERS = 52
const CAPTURABLE = SPLIT_ORDERS - 1

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const adminPost = admin.post
  const paymentOf = async (orderId: string) => (await adminOrder(api, seed, orderId)).payment_collections[0].payments[0]
  /** Captured amount of each order's payment, read in one query as the admin list would. */
  const capturedOf = async (orderIds: string[]) => {
    const query = getContainer().resolve("query")
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "payment_collections.payments.captures.amount", "payment_collections.payments.captured_at"],
      filters: { id: orderIds },
    })
    return new Map<string, number[]>(
      data.map((o: any) => [o.id, o.payment_collections[0].payments[0].captures.map((c: any) => Number(c.amount))]),
    )
  }

  it(`captures ${SPLIT_ORDERS} orders in 2 gateway requests (50 + ${CAPTURABLE - 50}) with a result per order; a failing order blocks none; a retry applies nothing twice`, async () => {
    const sandbox = env.sandbox()
    const t0 = Date.now()
    const orders = await placeOrders(api, seed, sandbox, SPLIT_ORDERS, 6)
    console.log(`placed ${SPLIT_ORDERS} paid orders in ${Date.now() - t0} ms`)
    const failing = orders[7]
    sandbox.portal.cancel(failing.order_no)
    const ids = orders.map((o) => o.order_id)

    const mark = requestMark(sandbox)
    const t1 = Date.now()
    const res = await adminPost("/admin/acquiring/bulk/capture", { order_ids: ids })
    console.log(`bulk capture of ${SPLIT_ORDERS} orders answered in ${Date.now() - t1} ms`)
    expect(res.status).toBe(200)
    expect(res.data.operation).toBe("capture")
    const captures = requestsSince(sandbox, "/v1/capture", mark)
    expect(captures.map((r) => (r.body as any).capture_orders.length)).toEqual([50, CAPTURABLE - 50])
    expect(res.data.gateway_requests).toBe(2)
    const results = res.data.results as any[]
    expect(results.map((r) => r.order_id)).toEqual(ids)
    expect(results.filter((r) => r.status === "captured")).toHaveLength(CAPTURABLE)
    expect(results[7]).toMatchObject({ order_id: failing.order_id, status: "failed" })
    expect(results[7].error).toContain("5000")
    for (const o of orders) {
      expect(sandbox.inspect.order(o.order_no)!.state).toBe(o === failing ? "cancelled" : "paid")
    }
    const captured = await capturedOf(ids)
    expect(ids.filter((id) => id !== failing.order_id).every((id) => captured.get(id)!.join() === "32.89")).toBe(true)
    expect(captured.get(failing.order_id)).toEqual([])

    const mark2 = requestMark(sandbox)
    const retry = await adminPost("/admin/acquiring/bulk/capture", { order_ids: ids })
    expect(retry.data.gateway_requests).toBe(0)
    expect(requestsSince(sandbox, "/v1/capture", mark2)).toHaveLength(0)
    expect((retry.data.results as any[]).filter((r) => r.status === "already_done")).toHaveLength(CAPTURABLE)
    expect(retry.data.results[7].status).toBe("failed")
    const again = await capturedOf(ids)
    expect([...again.values()].every((c) => c.length <= 1)).toBe(true)
  })

  it("records a bulk capture in Medusa exactly as Medusa's own capture route does", async () => {
    const sandbox = env.sandbox()
    const [one, many] = await placeOrders(api, seed, sandbox, 2)
    const bus = getContainer().resolve(Modules.EVENT_BUS) as any
    const emitted: string[] = []
    const emit = bus.emit.bind(bus)
    bus.emit = async (msgs: any, opts: any) => {
      for (const m of [msgs].flat()) if (m?.name === "payment.captured") emitted.push(m.data.id)
      return emit(msgs, opts)
    }
    try {
      const single = await paymentOf(one.order_id)
      expect((await adminPost(`/admin/payments/${single.id}/capture`)).status).toBe(200)
      const bulk = await adminPost("/admin/acquiring/bulk/capture", { order_ids: [many.order_id] })
      expect(bulk.data.results[0]).toMatchObject({ status: "captured", amount: "32.89" })
    } finally {
      bus.emit = emit
    }
    const shape = async (orderId: string) => {
      const o = await adminOrder(api, seed, orderId)
      const { data } = await api.get(`/admin/orders/${orderId}?fields=payment_status,summary,*transactions`, seed.admin)
      const col = o.payment_collections[0]
      const pay = col.payments[0]
      const capture = pay.captures[0]
      const trx = (data.order.transactions as any[]).filter((t) => t.reference === "capture")
      return {
        payment_id: pay.id,
        order: {
          payment_status: data.order.payment_status,
          paid_total: data.order.summary.paid_total,
          pending: data.order.summary.pending_difference,
        },
        collection: { status: col.status, captured_amount: Number(col.captured_amount), completed: !!col.completed_at },
        payment: { captured: !!pay.captured_at, captures: pay.captures.map((c: any) => Number(c.amount)) },
        data: {
          payment_status: pay.data.payment_status,
          captures: pay.data.captures,
          confirmed: pay.data.confirmed_capture,
        },
        capture_id: capture.id,
        transactions: trx.map((t) => ({ amount: Number(t.amount), reference_id: t.reference_id })),
      }
    }
    const a = await shape(one.order_id)
    const b = await shape(many.order_id)
    const comparable = (x: typeof a) => ({
      ...x,
      payment_id: undefined,
      capture_id: undefined,
      data: { ...x.data, captures: x.data.captures.map((c: any) => ({ ...c, id: c.id === x.capture_id })) },
      transactions: x.transactions.map((t) => ({ ...t, reference_id: t.reference_id === x.capture_id })),
    })
    expect(comparable(b)).toEqual(comparable(a))
    expect(a.order.payment_status).toBe("captured")
    expect(a.collection).toEqual({ status: "completed", captured_amount: 32.89, completed: true })
    expect(b.data.captures).toEqual([{ id: b.capture_id, amount: "32.89", source: "medusa" }])
    expect(b.transactions).toEqual([{ amount: 32.89, reference_id: b.capture_id }])
    expect(emitted).toEqual([a.payment_id, b.payment_id])
  })

  it("a capture the gateway made but whose answer was lost is only recorded on retry", async () => {
    const sandbox = env.sandbox()
    const orders = await placeOrders(api, seed, sandbox, 3)
    const ids = orders.map((o) => o.order_id)
    sandbox.faults.add({ target: "capture", kind: "error", status: 503, after_effect: true, count: 1 })
    const first = await adminPost("/admin/acquiring/bulk/capture", { order_ids: ids })
    expect(first.data.results.map((r: any) => r.status)).toEqual(["failed", "failed", "failed"])
    expect(first.data.results[0].error).toMatch(/^gateway /)
    expect(orders.every((o) => sandbox.inspect.order(o.order_no)!.state === "paid")).toBe(true)
    expect([...(await capturedOf(ids)).values()]).toEqual([[], [], []])

    const mark = requestMark(sandbox)
    const retry = await adminPost("/admin/acquiring/bulk/capture", { order_ids: ids })
    expect(retry.data.results).toEqual(
      ids.map((order_id) => expect.objectContaining({ order_id, status: "captured", recorded_only: true })),
    )
    expect(requestsSince(sandbox, "/v1/capture", mark)).toHaveLength(0)
    expect([...(await capturedOf(ids)).values()]).toEqual([[32.89], [32.89], [32.89]])
  })

  it("refunds many orders with per-order amounts; over-refund fails alone; a retry (even after a lost answer) refunds nothing twice", async () => {
    const sandbox = env.sandbox()
    const [a, b, c, d] = await placeOrders(api, seed, sandbox, 4)
    const all = [a, b, c, d].map((o) => o.order_id)
    expect(
      (await adminPost("/admin/acquiring/bulk/capture", { order_ids: all })).data.results.every(
        (r: any) => r.status === "captured",
      ),
    ).toBe(true)

    const body = {
      orders: [
        { order_id: a.order_id, amount: "10.00" },
        { order_id: b.order_id },
        { order_id: c.order_id, amount: "999.00" },
      ],
      reason: "damaged in transit",
    }
    const mark = requestMark(sandbox)
    const res = await adminPost("/admin/acquiring/bulk/refund", body)
    expect(res.status).toBe(200)
    expect(requestsSince(sandbox, "/v1/refund", mark)).toHaveLength(1)
    expect(res.data.results).toEqual([
      expect.objectContaining({
        order_id: a.order_id,
        status: "refunded",
        amount: "10.00",
        refund_reference_id: expect.stringMatching(/-01$/),
      }),
      expect.objectContaining({ order_id: b.order_id, status: "refunded", amount: "32.89" }),
      expect.objectContaining({
        order_id: c.order_id,
        status: "failed",
        error: "amount must be above 0 and at most 32.89",
      }),
    ])
    const pa = await paymentOf(a.order_id)
    expect(pa.refunds.map((r: any) => r.amount)).toEqual([10])
    expect(pa.data.refunds[0]).toMatchObject({ refund_amount: "10.00", medusa_refund_id: pa.refunds[0].id })
    expect(sandbox.inspect.order(a.order_no)!.refunds[0].refund_reason).toMatch(
      /^damaged in transit \[medusa bulk [0-9a-f]{16}\]$/,
    )

    const mark2 = requestMark(sandbox)
    const retry = await adminPost("/admin/acquiring/bulk/refund", body)
    expect(retry.data.results.map((r: any) => r.status)).toEqual(["already_done", "already_done", "failed"])
    expect(requestsSince(sandbox, "/v1/refund", mark2)).toHaveLength(0)
    expect(sandbox.inspect.order(a.order_no)!.refunded_amount).toBe("10.00")
    expect((await paymentOf(b.order_id)).refunds).toHaveLength(1)

    // The gateway refunds d, the answer is lost: the retry records that refund, never a second one.
    sandbox.faults.add({ target: "refund", kind: "error", status: 503, after_effect: true, count: 1 })
    const lost = await adminPost("/admin/acquiring/bulk/refund", {
      orders: [{ order_id: d.order_id, amount: "5.00" }],
      idempotency_key: "refund-d-0001",
    })
    expect(lost.data.results[0].status).toBe("failed")
    expect(sandbox.inspect.order(d.order_no)!.refunds).toHaveLength(1)
    const mark3 = requestMark(sandbox)
    const again = await adminPost("/admin/acquiring/bulk/refund", {
      orders: [{ order_id: d.order_id, amount: "5.00" }],
      idempotency_key: "refund-d-0001",
    })
    expect(again.data.results[0]).toMatchObject({ status: "refunded", recorded_only: true, amount: "5.00" })
    expect(requestsSince(sandbox, "/v1/refund", mark3)).toHaveLength(0)
    expect(sandbox.inspect.order(d.order_no)!.refunds).toHaveLength(1)
    expect((await paymentOf(d.order_id)).refunds.map((r: any) => r.amount)).toEqual([5])
    // A new key is a new refund.
    const second = await adminPost("/admin/acquiring/bulk/refund", {
      orders: [{ order_id: d.order_id, amount: "5.00" }],
      idempotency_key: "refund-d-0002",
    })
    expect(second.data.results[0].status).toBe("refunded")
    expect(sandbox.inspect.order(d.order_no)!.refunded_amount).toBe("10.00")
  })

  it("cancels uncaptured payments, refuses captured ones, and a retry is a no-op", async () => {
    const sandbox = env.sandbox()
    const [a, b, c] = await placeOrders(api, seed, sandbox, 3)
    await adminPost("/admin/acquiring/bulk/capture", { order_ids: [c.order_id] })
    const ids = [a.order_id, b.order_id, c.order_id]
    const mark = requestMark(sandbox)
    const res = await adminPost("/admin/acquiring/bulk/cancel", { order_ids: ids })
    expect(res.data.results.map((r: any) => r.status)).toEqual(["canceled", "canceled", "failed"])
    expect(res.data.results[2].error).toBe("the payment is captured; refund it instead")
    expect(requestsSince(sandbox, "/v1/cancel", mark).map((r) => (r.body as any).cancel_orders.length)).toEqual([2])
    expect(sandbox.inspect.order(a.order_no)!.state).toBe("cancelled")
    expect((await paymentOf(a.order_id)).canceled_at).not.toBeNull()
    const retry = await adminPost("/admin/acquiring/bulk/cancel", { order_ids: ids })
    expect(retry.data.results.map((r: any) => r.status)).toEqual(["already_done", "already_done", "failed"])
  })

  it("capture on fulfilment batches orders fulfilled together into one gateway request", async () => {
    const sandbox = env.sandbox()
    const orders = await Promise.all(
      [0, 1, 2].map(() => placeOrder(api, seed, sandbox, { provider: PROVIDERS.hostedOnFulfilment })),
    )
    const locking = getContainer().resolve("locking")
    // A sweep is running (held lock) while the three fulfilments are created.
    await locking.acquire("acquiring:capture-on-fulfilment:sweep", { ownerId: "test-sweep", expire: 60 })
    const mark = requestMark(sandbox)
    for (const o of orders) {
      const order = await adminOrder(api, seed, o.order_id)
      const items = order.items.map((i: any) => ({ id: i.id, quantity: i.quantity }))
      expect(
        (await adminPost(`/admin/orders/${o.order_id}/fulfillments`, { items, location_id: seed.location_id })).status,
      ).toBe(200)
    }
    await new Promise((r) => setTimeout(r, 500))
    expect(requestsSince(sandbox, "/v1/capture", mark)).toHaveLength(0)
    await locking.release("acquiring:capture-on-fulfilment:sweep", { ownerId: "test-sweep" })
    const ids = orders.map((o) => o.order_id)
    for (let i = 0; i < 50; i++) {
      if ([...(await capturedOf(ids)).values()].every((c) => c.length === 1)) break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect([...(await capturedOf(ids)).values()]).toEqual([[32.89], [32.89], [32.89]])
    const captures = requestsSince(sandbox, "/v1/capture", mark)
    expect(captures.map((r) => (r.body as any).capture_orders.map((c: any) => c.order_no).sort())).toEqual([
      orders.map((o) => o.order_no).sort(),
    ])
  })

  it("lists the payments awaiting capture, newest first and paged; captured and canceled ones leave the list", async () => {
    const sandbox = env.sandbox()
    const [a, b, c] = await placeOrders(api, seed, sandbox, 3)
    const listed = async (q = "") => (await admin.get(`/admin/acquiring/bulk/awaiting-capture${q}`)).data
    const all = await listed()
    expect(all.count).toBe(3)
    // placeOrders completes carts concurrently: compare as sets, and check the order by created_at.
    expect(all.payments.map((p: any) => p.order_id).sort()).toEqual([a, b, c].map((o) => o.order_id).sort())
    const times = all.payments.map((p: any) => Date.parse(p.created_at))
    expect(times).toEqual([...times].sort((x, y) => y - x))
    const first = all.payments.find((p: any) => p.order_id === a.order_id)
    expect(first).toMatchObject({ order_no: a.order_no, amount: "32.89", currency_code: "eur", captured: null })
    expect(first.display_id).toEqual(expect.any(Number))
    const paged = await listed("?limit=2&offset=2")
    expect(paged).toMatchObject({ count: 3, limit: 2, offset: 2 })
    expect(paged.payments).toHaveLength(1)

    await adminPost("/admin/acquiring/bulk/capture", { order_ids: [a.order_id] })
    await adminPost("/admin/acquiring/bulk/cancel", { order_ids: [b.order_id] })
    const after = await listed()
    expect(after.payments.map((p: any) => p.order_id)).toEqual([c.order_id])

    const bad = await admin.get("/admin/acquiring/bulk/awaiting-capture?limit=500")
    expect(bad.status).toBe(400)
    expect(bad.data.message).toContain("limit")
  })

  it("lists only payments of a live order, with the same number of queries for one row as for two", async () => {
    const sandbox = env.sandbox()
    const orders = await placeOrders(api, seed, sandbox, 2)
    // A newer open acquiring payment of a collection no order has (a cart that never completed).
    const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const money = { amount: 10, raw_amount: { value: "10", precision: 20 }, currency_code: "eur" }
    await knex("payment_collection").insert({ ...money, id: "col_no_order", status: "authorized" })
    await knex("payment").insert({
      ...money,
      id: "pay_no_order",
      provider_id: "pp_acquiring_acquiring",
      data: { order_no: "NOORDER", amount: "10.00", currency: "EUR" },
      payment_collection_id: "col_no_order",
      payment_session_id: "payses_no_order",
    })
    const proto = Client.prototype as unknown as { query: (...a: unknown[]) => unknown }
    const original = proto.query
    let queries = 0
    // Queries on the tables the list reads (the orders' checkouts still finish in the background).
    const read = /from "(payment|capture|order|order_payment_collection)" as/
    proto.query = function (this: unknown, ...args: unknown[]) {
      if (read.test(String((args[0] as { text?: string })?.text ?? args[0]))) queries++
      return original.apply(this, args)
    }
    // The fewest of five reads: a background job's query in the window is not the list's.
    const listed = async (limit: number) => {
      let fewest = Infinity
      let page: AwaitingCapturePage | undefined
      for (let i = 0; i < 5; i++) {
        queries = 0
        page = await listAwaitingCapture(getContainer(), { limit, offset: 0 })
        fewest = Math.min(fewest, queries)
      }
      return { data: page!, queries: fewest }
    }
    try {
      const one = await listed(1)
      const two = await listed(2)
      expect(two.data.count).toBe(2)
      expect(two.data.payments.map((p) => p.order_id).sort()).toEqual(orders.map((o) => o.order_id).sort())
      expect(one.data.payments).toHaveLength(1)
      expect(two.queries).toBe(one.queries)
    } finally {
      proto.query = original
    }
  })

  it("validates the body naming the field", async () => {
    let res = await adminPost("/admin/acquiring/bulk/capture", { order_ids: ["x"] })
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("order_ids[0]: must be a Medusa order id")
    res = await adminPost("/admin/acquiring/bulk/capture", { order_ids: ["order_1", "order_1"] })
    expect(res.data.message).toContain("each order at most once")
    res = await adminPost("/admin/acquiring/bulk/refund", { orders: [{ order_id: "order_1", amount: "1.5" }] })
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("orders[0].amount: must be a decimal with two decimals")
    const unknown = await adminPost("/admin/acquiring/bulk/capture", { order_ids: ["order_01NOTHERE"] })
    expect(unknown.data.results).toEqual([
      expect.objectContaining({ order_id: "order_01NOTHERE", status: "not_found" }),
    ])
  })
})
