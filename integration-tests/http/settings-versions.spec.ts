import { DEFAULT_MERCHANTS } from "../../src/sandbox"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import {
  adminOrder,
  cartWithShipping,
  completeCart,
  DEVICE,
  ordersOfCart,
  startSession,
} from "./helpers/acquiring-store"
import { wireName } from "./helpers/dialect"
import { deliverNotification } from "./helpers/hook-events"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import { sweepNotifications } from "../../src/lib/acquiring/books/retention"

jest.setTimeout(600_000)

const OLD = "rotation-key-old-3Kp9"
const NEW = "rotation-key-new-8Wm2"
const ACCOUNT = "100000201"
const HOSTED = "pp_acquiring_settings"
const CARD = "4111111111111111"

process.env.ACQ_SETTINGS_ENTRY = "1"
process.env.ACQUIRING_SETTINGS_KEY = "integration-settings-key-0123456789abcdef"

// The gateway in the middle of a rotation: the account's new key, the old one still accepted.
const env = useAcquiringEnv({
  merchants: [
    ...DEFAULT_MERCHANTS,
    {
      merchant_id: "1000002",
      accounts: [{ account_id: ACCOUNT, sign_key: NEW, previous_sign_keys: [OLD], capture_mode: "authorise" }],
    },
  ],
})
const withKey = (sign_key: string) => ({ merchant_id: "1000002", accounts: [{ account_id: ACCOUNT, sign_key }] })

/**
 * Issue #35: a gateway order keeps the credentials of the settings version it was opened under, so a
 * rotated sign key breaks no open payment, while policies saved later count for it at once.
 */
acquiringTestRunner(({ admin, api, getContainer, seed }) => {
  const sandbox = () => env.sandbox()
  const save = async (values: Record<string, unknown>) => {
    const res = await admin.post("/admin/acquiring/settings/settings", { values })
    expect([res.status, res.data.check?.ok]).toEqual([200, true])
    return res.data.version as number
  }
  const open = async () => {
    const cart = await cartWithShipping(api, seed, { email: `v-${Date.now().toString(36)}@shop.test` })
    const { session } = await startSession(api, seed, cart.id, HOSTED, { device: DEVICE })
    return { cart, orderNo: session.data.order_no as string, version: session.data.settings_version as number }
  }
  const payAndPlace = async (o: { cart: { id: string }; orderNo: string }) => {
    sandbox().shopper.pay(o.orderNo, { card: CARD })
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    const placed = await completeCart(api, seed, o.cart.id)
    const orderId = placed.type === "order" ? placed.order.id : placed.id
    return (await adminOrder(api, seed, orderId)).payment_collections[0].payments[0]
  }
  const replies = (orderNo: string) =>
    sandbox()
      .notifications.list()
      .filter((n) => n.payload[wireName("order_no")] === orderNo)
      .map((n) => [n.notify_type, n.attempts.map((a) => a.status)])

  beforeAll(async () => {
    const region = (await admin.get(`/admin/regions/${seed.region_id}?fields=*payment_providers`)).data.region
    const ids = region.payment_providers.map((p: { id: string }) => p.id)
    await admin.post(`/admin/regions/${seed.region_id}`, { payment_providers: [...ids, HOSTED] })
  })

  it("a capture policy saved after the payment started counts for it: the newest policies, the order's credentials", async () => {
    const opened = await save({ ...withKey(OLD), capture_mode: "manual" })
    const o = await open()
    expect(o.version).toBe(opened)
    expect(await save({ capture_mode: "automatic" })).toBe(opened + 1)
    const payment = await payAndPlace(o)
    expect(payment.captures).toHaveLength(1)
    expect(sandbox().inspect.order(o.orderNo)).toMatchObject({
      key_index: 1,
      captured_amount: payment.amount.toFixed(2),
    })
  })

  it("a sign key rotated while a card payment is authorised: its notifications, capture and refund keep the old key; new payments take the new one", async () => {
    const before = await save({ ...withKey(OLD), capture_mode: "manual" })
    const old = await open()
    const oldPayment = await payAndPlace(old)
    expect(oldPayment.captures).toHaveLength(0)

    const rotated = await save(withKey(NEW))
    expect(rotated).toBe(before + 1)
    const fresh = await open()
    expect(fresh.version).toBe(rotated)
    const freshPayment = await payAndPlace(fresh)
    expect([
      sandbox().inspect.order(old.orderNo)?.key_index,
      sandbox().inspect.order(fresh.orderNo)?.key_index,
    ]).toEqual([1, 0])

    expect((await admin.post(`/admin/payments/${oldPayment.id}/capture`)).status).toBe(200)
    expect((await admin.post(`/admin/payments/${oldPayment.id}/refund`, { amount: 5 })).status).toBe(200)
    expect((await admin.post(`/admin/payments/${freshPayment.id}/capture`)).status).toBe(200)
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    expect(sandbox().inspect.order(old.orderNo)).toMatchObject({ refunded_amount: "5.00", key_index: 1 })
    // Every notification of the old payment, signed with the old key, was accepted at its first delivery.
    expect(replies(old.orderNo)).toEqual([
      ["payment", [200]],
      ["refund", [200]],
    ])
    expect(replies(fresh.orderNo)).toEqual([["payment", [200]]])

    // The old key restored: a new version, checked again, recorded as a restore.
    const restored = await admin.post("/admin/acquiring/settings/settings/restore", { version: before })
    expect([restored.status, restored.data.version]).toEqual([200, rotated + 1])
    const [audit] = (await admin.get("/admin/acquiring/settings/settings/history")).data.versions
    expect(audit).toMatchObject({ version: rotated + 1, restored_from: before })
    expect(audit.changes).toEqual([{ key: "accounts", from: expect.anything(), to: expect.anything() }])
    expect(JSON.stringify(audit)).not.toMatch(/rotation-key/)
  })

  it("a reconciliation policy saved after the payment started counts for the next run: a paid cart is reported, not completed", async () => {
    await save({ ...withKey(NEW), reconcile_complete_carts: true })
    const o = await open()
    await save({ reconcile_complete_carts: false })
    sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
    sandbox().shopper.pay(o.orderNo, { card: CARD })
    const res = await admin.post("/admin/acquiring/reconcile", { config_ids: ["settings"] })
    expect(res.status).toBe(200)
    const mine = res.data.report.changes.filter((c: { order_no?: string }) => c.order_no === o.orderNo)
    expect(mine).toEqual([expect.objectContaining({ kind: "cart_paid_not_completed", cart_id: o.cart.id })])
    expect(await ordersOfCart(getContainer(), o.cart.id)).toEqual([])
  })

  it("a retention period saved in the admin counts for the next sweep: shorter than the config's, the strictest wins", async () => {
    await save({ ...withKey(NEW), notification_retention_days: 30 })
    const books = getContainer().resolve<AcquiringModuleService>(ACQUIRING_MODULE)
    const orderNo = `RET-${Date.now().toString(36)}`
    expect((await deliverNotification(api, { [wireName("order_no")]: orderNo })).status).toBe(404)
    let rows: Array<{ id: string }> = []
    for (let i = 0; i < 50 && !rows.length; i++) {
      rows = await books.listNotifications({ order_no: orderNo })
      if (!rows.length) await new Promise((r) => setTimeout(r, 100))
    }
    expect(rows).toHaveLength(1)
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000)
    await books.updateNotifications({ id: rows[0].id, created_at: longAgo, last_seen_at: longAgo } as never)
    expect(await sweepNotifications(getContainer())).toBe(1)
    expect(await books.listNotifications({ order_no: orderNo })).toEqual([])
  })
})
