import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { adminOrder, ordersOfCart } from "./helpers/acquiring-store"
import { placeOrder, requestMark, requestsSince, sleep } from "./helpers/acquiring-orders"
import { Client } from "pg"
import { openPaymentPages } from "../../src/lib/acquiring/queries/payment-pages"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

jest.setTimeout(300_000)

/** Refunds are processing (refund_status 2) for this long, then refunded (1). */
// Long enough that a loaded 2-core runner still syncs while the refund is processing.
const REFUND_PROCESSING_MS = 5_000

const env = useAcquiringEnv({ refund_processing_ms: REFUND_PROCESSING_MS })

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const adminPost = admin.post
  const sync = async (body: Record<string, unknown> = {}) => {
    const res = await adminPost("/admin/acquiring/reconcile", body)
    expect(res.status).toBe(200)
    return res.data.report as { changes: any[]; payments_checked: number; sessions_checked: number }
  }
  const paymentOf = async (orderId: string) => (await adminOrder(api, seed, orderId)).payment_collections[0].payments[0]

  it("a portal capture is recorded once, without a gateway capture; a second sync changes nothing", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    sandbox.portal.capture(o.order_no)
    const mark = requestMark(sandbox)

    const first = await sync({ order_ids: [o.order_id] })
    expect(first.changes).toEqual([
      expect.objectContaining({ kind: "capture", order_no: o.order_no, order_id: o.order_id, amount: "32.89" }),
    ])
    const p = await paymentOf(o.order_id)
    expect(p.captured_at).not.toBeNull()
    expect(p.captures.map((c: any) => c.amount)).toEqual([32.89])
    expect(p.data.captures).toEqual([expect.objectContaining({ amount: "32.89", source: "gateway" })])
    expect(requestsSince(sandbox, "/v1/capture", mark)).toHaveLength(0)

    expect((await sync({ order_ids: [o.order_id] })).changes).toEqual([])
    expect((await paymentOf(o.order_id)).captures).toHaveLength(1)
  })

  it("a portal partial refund becomes one Medusa refund (matched by refund_reference_id), even with concurrent and repeated syncs", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    const p0 = await paymentOf(o.order_id)
    expect((await adminPost(`/admin/payments/${p0.id}/capture`)).status).toBe(200)
    const view = sandbox.portal.refund(o.order_no, "10.00", "customer called")
    const ref = view.refunds[0].refund_reference_id
    expect(ref).toMatch(/^T\d+-01$/)
    await sleep(REFUND_PROCESSING_MS + 300)
    const mark = requestMark(sandbox)

    // The full scan (every open payment) and two concurrent runs: one refund in Medusa.
    const [a, b] = await Promise.all([sync(), sync()])
    const refunds = [...a.changes, ...b.changes].filter((c) => c.kind === "refund" && c.order_no === o.order_no)
    expect(refunds).toEqual([expect.objectContaining({ amount: "10.00", refund_reference_id: ref, payment_id: p0.id })])
    const p = await paymentOf(o.order_id)
    expect(p.refunds.map((r: any) => r.amount)).toEqual([10])
    expect(p.data.refunds).toEqual([
      expect.objectContaining({ refund_reference_id: ref, refund_status: "1", refund_amount: "10.00" }),
    ])
    expect(p.data.refunds[0].medusa_refund_id).toBe(p.refunds[0].id)
    expect(p.data.refunds[0].claim).toBeUndefined()
    expect(requestsSince(sandbox, "/v1/refund", mark)).toHaveLength(0)
    expect(sandbox.inspect.order(o.order_no)!.refunded_amount).toBe("10.00")

    const again = await sync()
    expect(again.changes.filter((c) => c.order_no === o.order_no)).toEqual([])
    expect((await paymentOf(o.order_id)).refunds).toHaveLength(1)
  })

  it("a portal cancel cancels the Medusa payment without a gateway cancel", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    sandbox.portal.cancel(o.order_no)
    const mark = requestMark(sandbox)
    const first = await sync({ order_ids: [o.order_id] })
    // The order is left without money (#34): reported, and shown (canceled-orders.spec.ts).
    expect(first.changes).toEqual([
      expect.objectContaining({ kind: "cancel", order_no: o.order_no }),
      expect.objectContaining({ kind: "order_unpaid", order_no: o.order_no, order_id: o.order_id }),
    ])
    expect((await paymentOf(o.order_id)).canceled_at).not.toBeNull()
    expect(requestsSince(sandbox, "/v1/cancel", mark)).toHaveLength(0)
    expect((await sync({ order_ids: [o.order_id] })).changes).toEqual([])
  })

  it("a paid order whose notification was lost and whose cart never completed becomes an order, once", async () => {
    const sandbox = env.sandbox()
    sandbox.faults.add({ target: "notifications", kind: "drop", count: 1 })
    const o = await placeOrder(api, seed, sandbox, { complete: false })
    await sandbox.notifications.settle(5_000)
    await sleep(500)
    expect(await ordersOfCart(getContainer(), o.cart_id)).toEqual([])

    const first = await sync()
    const completed = first.changes.filter((c) => c.cart_id === o.cart_id)
    expect(completed).toEqual([
      expect.objectContaining({ kind: "cart_completed", order_no: o.order_no, amount: "32.89" }),
    ])
    const orders = await ordersOfCart(getContainer(), o.cart_id)
    expect(orders).toEqual([completed[0].order_id])
    const p = await paymentOf(orders[0])
    expect(p.data.order_no).toBe(o.order_no)
    expect(p.data.transaction_id).toBe(sandbox.inspect.order(o.order_no)!.transaction_id)

    const again = await sync()
    expect(again.changes.filter((c) => c.cart_id === o.cart_id || c.order_no === o.order_no)).toEqual([])
    expect(await ordersOfCart(getContainer(), o.cart_id)).toHaveLength(1)
  })

  it("processing refunds are followed until final: a Medusa refund only updates status, a portal one is recorded when final", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    const p0 = await paymentOf(o.order_id)
    expect((await adminPost(`/admin/payments/${p0.id}/capture`)).status).toBe(200)
    // A refund made in Medusa: the gateway answers processing (2).
    expect((await adminPost(`/admin/payments/${p0.id}/refund`, { amount: 5 })).status).toBe(200)
    // And one made in the portal, also processing.
    const portalRef = sandbox.portal.refund(o.order_no, "3.00").refunds[1].refund_reference_id
    let p = await paymentOf(o.order_id)
    expect(p.data.refunds).toEqual([expect.objectContaining({ refund_status: "2", refund_amount: "5.00" })])
    const medusaRef = p.data.refunds[0].refund_reference_id

    const whileProcessing = await sync({ order_ids: [o.order_id] })
    expect(whileProcessing.changes).toEqual([
      expect.objectContaining({ kind: "refund_status", refund_reference_id: portalRef, detail: "new → 2" }),
    ])
    expect((await paymentOf(o.order_id)).refunds).toHaveLength(1)

    await sleep(REFUND_PROCESSING_MS + 300)
    // The gateway's refund notifications (issue 14) record both completions in the payment data at once;
    // the portal refund still becomes a Medusa refund only through reconciliation.
    await sandbox.notifications.settle(20_000)
    p = await paymentOf(o.order_id)
    expect(p.data.refunds.map((r: any) => [r.refund_reference_id, r.refund_status])).toEqual([
      [medusaRef, "1"],
      [portalRef, "1"],
    ])
    expect(p.refunds).toHaveLength(1)
    const final = await sync({ order_ids: [o.order_id] })
    expect(final.changes).toEqual([
      expect.objectContaining({ kind: "refund", refund_reference_id: portalRef, amount: "3.00" }),
    ])
    p = await paymentOf(o.order_id)
    expect(p.refunds.map((r: any) => r.amount).sort()).toEqual([3, 5])
    expect(p.data.refunds.map((r: any) => r.refund_status)).toEqual(["1", "1"])
    expect((await sync({ order_ids: [o.order_id] })).changes).toEqual([])
  })

  it("a review decided in the portal with its notification lost: accepted is authorised, declined reported once", async () => {
    const sandbox = env.sandbox()
    const accepted = await placeOrder(api, seed, sandbox, { card: "4000000000009235" })
    const declined = await placeOrder(api, seed, sandbox, { card: "4000000000009235" })
    await sandbox.notifications.settle(10_000)
    sandbox.faults.add({ target: "notifications", kind: "drop", count: 2 })
    sandbox.portal.review(accepted.order_no, true)
    sandbox.portal.review(declined.order_no, false)
    await sandbox.notifications.settle(10_000)
    const ids = [accepted.order_id, declined.order_id]
    expect((await adminOrder(api, seed, accepted.order_id)).payment_collections[0].payments ?? []).toHaveLength(0)

    const first = await sync({ order_ids: ids })
    expect(first.changes).toEqual([
      expect.objectContaining({ kind: "held_authorized", order_id: accepted.order_id, order_no: accepted.order_no }),
      expect.objectContaining({ kind: "held_declined", order_id: declined.order_id }),
    ])
    const order = await adminOrder(api, seed, accepted.order_id)
    expect(order.payment_collections[0].payments).toHaveLength(1)
    expect(order.payment_collections[0].payments[0].data.transaction_id).toBe(
      sandbox.inspect.order(accepted.order_no)!.transaction_id,
    )
    expect((await adminOrder(api, seed, declined.order_id)).metadata.acquiring_review).toMatchObject({
      decision: "reject",
      decided_by: "gateway",
    })

    expect((await sync({ order_ids: ids })).changes).toEqual([])
  })

  it("a full sync repairs a held order decided in the portal and a paid cart never completed, both from one read of the sessions", async () => {
    const sandbox = env.sandbox()
    const held = await placeOrder(api, seed, sandbox, { card: "4000000000009235" })
    await sandbox.notifications.settle(10_000)
    sandbox.faults.add({ target: "notifications", kind: "drop", count: 2 })
    sandbox.portal.review(held.order_no, true)
    const cart = await placeOrder(api, seed, sandbox, { complete: false })
    await sandbox.notifications.settle(10_000)
    expect(await ordersOfCart(getContainer(), cart.cart_id)).toEqual([])

    const first = await sync()
    expect(first.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "held_authorized", order_id: held.order_id, order_no: held.order_no }),
        expect.objectContaining({ kind: "cart_completed", cart_id: cart.cart_id, order_no: cart.order_no }),
      ]),
    )
    expect(first.changes).toHaveLength(2)
    expect((await adminOrder(api, seed, held.order_id)).payment_collections[0].payments).toHaveLength(1)
    expect(await ordersOfCart(getContainer(), cart.cart_id)).toHaveLength(1)
    expect((await sync()).changes).toEqual([])
  })

  it("reads open payments in ⌈n / take⌉ keyset pages: each once, in order, ties on created_at included, no empty last page", async () => {
    // Fixture rows straight into Medusa's tables (the test's set-up; the code under test reads through the module).
    const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    // One instant, in the future: only these rows are in the scan, and every one ties on created_at.
    const at = "2100-01-01T00:00:00.000001Z"
    const ids = ["a", "b", "c", "d", "e"].map((x) => `pay_pages_${x}`)
    const money = { amount: 10, raw_amount: { value: "10", precision: 20 }, currency_code: "eur", created_at: at }
    await knex("payment_collection").insert(ids.map((id) => ({ ...money, id: `col_${id}`, status: "authorized" })))
    await knex("payment").insert(
      ids.map((id) => ({
        ...money,
        id,
        provider_id: "pp_acquiring_acquiring",
        data: { order_no: id, amount: "10.00", currency: "EUR" },
        payment_collection_id: `col_${id}`,
        payment_session_id: `payses_${id}`,
      })),
    )
    const proto = Client.prototype as unknown as { query: (...a: unknown[]) => unknown }
    const original = proto.query
    let pageQueries = 0
    proto.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0] as { text?: string; values?: unknown[] } | string
      const [sql, values] = typeof q === "string" ? [q, args[1]] : [q?.text, q?.values]
      // This test's scan only (a scheduled run's page reads another `since`).
      // The date bound or inlined into the text (MikroORM 7 inlines it).
      const ours = `${sql} ${JSON.stringify(values ?? [])}`.includes("2100-01-01")
      // The page query itself (its captures, refunds and order link are read by id, without the date).
      if (/from "(public"\.")?payment"/.test(String(sql)) && ours) pageQueries++
      return original.apply(this, args)
    }
    try {
      for (const take of [1, 2, 3, 5, 6]) {
        pageQueries = 0
        const pages: string[][] = []
        for await (const page of openPaymentPages(getContainer(), new Date(at), ["pp_acquiring_acquiring"], take))
          pages.push(page.map((p) => p.id))
        expect({ take, ids: pages.flat(), sizes: pages.map((p) => p.length), queries: pageQueries }).toEqual({
          take,
          ids,
          sizes: Array.from({ length: Math.ceil(5 / take) }, (_, i) => Math.min(take, 5 - i * take)),
          queries: Math.ceil(5 / take),
        })
      }
    } finally {
      proto.query = original
    }
  })

  it("validates the body", async () => {
    const res = await adminPost("/admin/acquiring/reconcile", { order_ids: ["x"] })
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("order_ids[0]: must be a Medusa order id")
  })
})
