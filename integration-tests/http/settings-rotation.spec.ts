import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { DEFAULT_MERCHANTS } from "../../src/sandbox"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { placeOrder, type PlacedOrder } from "./helpers/acquiring-orders"
import { adminOrder, cartWithShipping, DEVICE, ordersOfCart, startSession } from "./helpers/acquiring-store"
import { deliverNotification } from "./helpers/hook-events"
import { wireName } from "./helpers/dialect"
import { editAddingTee } from "./helpers/order-payments"

jest.setTimeout(600_000)

const MERCHANT = "1000002"
/** The account the admin first saves, and the one that replaces it while payments are open. */
const OLD = { account_id: "100000201", sign_key: "rotation-old-key-Qx7m" }
const NEW = { account_id: "100000202", sign_key: "rotation-new-key-Lr4v" }
const HOSTED = "pp_acquiring_settings"
const REVIEW_CARD = "4000000000009235"

process.env.ACQ_SETTINGS_ENTRY = "1"
process.env.ACQUIRING_SETTINGS_KEY = "integration-settings-key-0123456789abcdef"

// The merchant's two accounts exist only at the gateway and in the admin's settings, never in medusa-config.
const env = useAcquiringEnv({
  merchants: [
    ...DEFAULT_MERCHANTS,
    { merchant_id: MERCHANT, accounts: [OLD, NEW].map((a) => ({ ...a, capture_mode: "authorise" as const })) },
  ],
})
const connection = (account: typeof OLD) => ({ merchant_id: MERCHANT, accounts: [account] })

/**
 * Issue #35, credentials per order: every operation on a gateway order opened before the admin replaced
 * its account keeps using that order's account and key (notifications, orphans, reconciliation, bulk,
 * review, the admin's payment view), and a signature seen once is bound to its delivery for such an
 * account as for one of medusa-config.
 */
acquiringTestRunner(({ admin, api, seed, getContainer }) => {
  const sandbox = () => env.sandbox()
  const books = () => getContainer().resolve<AcquiringModuleService>(ACQUIRING_MODULE)
  const save = async (values: Record<string, unknown>) => {
    const res = await admin.post("/admin/acquiring/settings/settings", { values })
    expect([res.status, res.data.check?.ok]).toEqual([200, true])
    return res.data.version as number
  }
  /** Opened under the old account, then the admin replaces it: the order's version keeps the old one. */
  const openThenRotate = async <T>(open: () => Promise<T>): Promise<T> => {
    await save({ ...connection(OLD), capture_mode: "manual" })
    const opened = await open()
    await save(connection(NEW))
    return opened
  }
  const place = (card?: string, complete = true) =>
    placeOrder(api, seed, sandbox(), { provider: HOSTED, ...(card && { card }), complete })
  const settled = async () => expect(await sandbox().notifications.settle(20_000)).toBe(true)
  const paymentOf = async (o: PlacedOrder) =>
    (await adminOrder(api, seed, o.order_id)).payment_collections[0].payments[0]
  const sync = async (body: Record<string, unknown> = {}) => {
    const res = await admin.post("/admin/acquiring/reconcile", body)
    expect(res.status).toBe(200)
    return res.data.report as { changes: Array<Record<string, unknown>> }
  }
  const notesOf = (orderNo: string, type = "payment") =>
    sandbox()
      .notifications.list()
      .filter((n) => n.notify_type === type && n.payload[wireName("order_no")] === orderNo)
  const deliver = (payload: Record<string, string>) => deliverNotification(api, payload)
  const eventually = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
    let v = await read()
    for (const end = Date.now() + 15_000; !done(v) && Date.now() < end; v = await read())
      await new Promise((r) => setTimeout(r, 200))
    return v
  }

  beforeAll(async () => {
    const region = (await admin.get(`/admin/regions/${seed.region_id}?fields=*payment_providers`)).data.region
    const ids = region.payment_providers.map((p: { id: string }) => p.id)
    await admin.post(`/admin/regions/${seed.region_id}`, { payment_providers: [...ids, HOSTED] })
  })

  it("an account saved only in the admin: its genuine notification re-posted as a dispute or another result is refused 401, also after the account is replaced; the gateway's retry is still accepted", async () => {
    await save({ ...connection(OLD), capture_mode: "manual" })
    const placed = await place()
    await settled()
    const [note] = notesOf(placed.order_no)
    expect(note.attempts.map((a) => a.status)).toEqual([200])
    const genuine = note.payload
    const disputed = (id: string) => ({ ...genuine, notify_type: "dispute", dispute_id: id, dispute_status: "lost" })

    expect((await deliver(disputed("D-SETTINGS-1"))).status).toBe(401)
    expect((await deliver({ ...genuine, status: "refunded" })).status).toBe(401)
    expect((await admin.get(`/admin/acquiring/payments/${placed.order_id}`)).data.payments[0].disputes).toEqual([])

    // The admin replaces the account: the order's own version still binds its signature.
    await save(connection(NEW))
    expect((await deliver(disputed("D-SETTINGS-2"))).status).toBe(401)
    const retry = await deliver(genuine)
    expect([retry.status, retry.data]).toEqual([200, "success"])
    expect(await books().listDisputes({})).toEqual([])
  })

  it("a payment the books never opened, on an account saved only in the admin, paid after Medusa deleted its session: settled, not refused as unknown", async () => {
    await save({ ...connection(OLD), capture_mode: "manual" })
    const cart = await cartWithShipping(api, seed)
    const { session: a } = await startSession(api, seed, cart.id, HOSTED, { device: DEVICE })
    await startSession(api, seed, cart.id, HOSTED, { device: DEVICE })
    const orderNo = a.data.order_no as string
    // As for a payment opened before the books existed: no row names its provider.
    const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    await pg("acquiring_gateway_order").where({ order_no: orderNo }).delete()
    sandbox().shopper.pay(orderNo, { card: "4111111111111111" })
    await settled()
    expect(notesOf(orderNo).map((n) => n.attempts[0].status)).toEqual([200])
    expect(sandbox().inspect.order(orderNo)?.state).toBe("cancelled")
  })

  it("an orphan opened under the old account, paid after the account is replaced: voided with the old account at its notification", async () => {
    const orphan = await openThenRotate(async () => {
      const cart = await cartWithShipping(api, seed)
      const { session: a } = await startSession(api, seed, cart.id, HOSTED, { device: DEVICE })
      await startSession(api, seed, cart.id, HOSTED, { device: DEVICE })
      return a.data.order_no as string
    })
    sandbox().shopper.pay(orphan, { card: "4111111111111111" })
    await settled()
    expect(notesOf(orphan).map((n) => n.attempts.map((x) => x.status))).toEqual([[200]])
    expect(sandbox().inspect.order(orphan)).toMatchObject({ state: "cancelled", account_id: OLD.account_id })
    const [row] = await books().listGatewayOrders({ order_no: orphan })
    expect(row).toMatchObject({ state: "settled", settlement: "voided" })
  })

  it("reconciliation after the account is replaced: a portal capture and refund of an old order, and an old paid cart, are picked up", async () => {
    const [o, cart] = await openThenRotate(async () => {
      const placed = await place()
      await settled()
      // The paid cart's notification is lost: only the reconciliation can place its order.
      sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
      return [placed, await place(undefined, false)]
    })
    await settled()
    expect(await ordersOfCart(getContainer(), cart.cart_id)).toEqual([])
    sandbox().portal.capture(o.order_no)
    expect((await sync({ order_ids: [o.order_id] })).changes).toEqual([
      expect.objectContaining({ kind: "capture", order_no: o.order_no }),
    ])
    sandbox().portal.refund(o.order_no, "5.00", "customer called")
    const full = await sync()
    expect(full.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "refund", order_no: o.order_no, amount: "5.00" }),
        expect.objectContaining({ kind: "cart_completed", cart_id: cart.cart_id }),
      ]),
    )
    expect(full.changes.filter((c) => c.kind === "error")).toEqual([])
    expect((await paymentOf(o)).refunds.map((r: { amount: number }) => r.amount)).toEqual([5])
    expect(await ordersOfCart(getContainer(), cart.cart_id)).toHaveLength(1)
  })

  it("bulk capture and the admin's payment view of an order opened under the old account, after it is replaced", async () => {
    const o = await openThenRotate(() => place())
    await settled()
    const view = await admin.get(`/admin/acquiring/payments/${o.order_id}`)
    expect([view.status, view.data.gateway_error]).toEqual([200, null])
    expect(view.data.payments[0].gateway).toMatchObject({ payment_status: expect.any(String) })

    const res = await admin.post("/admin/acquiring/bulk/capture", { order_ids: [o.order_id] })
    expect(res.status).toBe(200)
    expect(res.data.results).toEqual([expect.objectContaining({ order_id: o.order_id, status: "captured" })])
    expect(sandbox().inspect.order(o.order_no)).toMatchObject({ state: "paid", account_id: OLD.account_id })
  })

  it("held for review under the old account: listed, accepted and reconciled after the account is replaced", async () => {
    const [held, decided] = await openThenRotate(async () => [await place(REVIEW_CARD), await place(REVIEW_CARD)])
    await settled()
    const listed = (await admin.get("/admin/acquiring/review")).data.held_payments as Array<{ order_id: string }>
    expect(listed.map((h) => h.order_id).sort()).toEqual([held.order_id, decided.order_id].sort())
    const res = await admin.post("/admin/acquiring/review", {
      decisions: [{ order_id: held.order_id, decision: "accept" }],
    })
    expect(res.data.results).toEqual([expect.objectContaining({ order_id: held.order_id, status: "accepted" })])
    expect(sandbox().inspect.order(held.order_no)?.state).toBe("authorised")

    // Decided in the portal with its notification lost: the reconciliation asks with the old account.
    sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
    sandbox().portal.review(decided.order_no, true)
    await settled()
    expect((await sync({ order_ids: [decided.order_id] })).changes).toEqual([
      expect.objectContaining({ kind: "held_authorized", order_id: decided.order_id }),
    ])
  })

  it("a kept authorisation opened under the old account: voided with it when the order is canceled after the account is replaced", async () => {
    const o = await openThenRotate(() => place())
    await settled()
    await editAddingTee(api, seed, admin, o.order_id)
    const keptOf = () => books().listKeptAuthorisations({ order_id: o.order_id })
    expect(await eventually(keptOf, (rows) => rows.length === 1)).toHaveLength(1)
    expect((await admin.post(`/admin/orders/${o.order_id}/cancel`)).status).toBe(200)
    const [closed] = await eventually(keptOf, (rows) => !!rows[0]?.released_at)
    expect(closed).toMatchObject({ outcome: "voided_order_canceled" })
    expect(sandbox().inspect.order(o.order_no)).toMatchObject({ payment_status: "5000", account_id: OLD.account_id })
  })
})
