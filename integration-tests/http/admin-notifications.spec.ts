import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { placeOrder } from "./helpers/acquiring-orders"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { wireName } from "./helpers/dialect"
import { forgedSignature } from "../helpers/forge"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import { sweepNotifications } from "../../src/lib/acquiring/books/retention"
import { deliverNotification } from "./helpers/hook-events"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

/** A card number as a shopper types it: must never come back from the admin routes. */
const PAN = "4111111111111111"
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Issue 26, "the admin sees it": both hooks' deliveries in the books, through the admin routes of a
 * real app, with notifications from the sandbox and forged ones sent by the test; "Process again"
 * verifies a stored notification from scratch; retention deletes old ones; Unmatched payments lists
 * the gateway orders that belong to no Medusa order.
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const books = () => getContainer().resolve<AcquiringModuleService>(ACQUIRING_MODULE)
  /** Deliver a body to the notify hook ourselves, as the gateway (or a forger) would. */
  const deliver = (payload: Record<string, string>) => deliverNotification(api, payload)
  const search = (query: Record<string, string>) =>
    admin.get(`/admin/acquiring/notifications?${new URLSearchParams(query).toString()}`)
  /**
   * The hook records after its answer is sent: wait until the books hold `n` rows for the order and,
   * given `arrivedSince`, one that arrived at or after it (a delivery of the test's own: the
   * sandbox's attempts counted on its side can fall short of the rows the hook wrote).
   */
  const rowsOf = async (orderNo: string, n: number, arrivedSince?: number) => {
    for (let i = 0; i < 50; i++) {
      const res = await search({ order_no: orderNo, limit: "100" })
      const arrived = (r: { created_at: string }) => new Date(r.created_at).getTime() >= (arrivedSince ?? 0)
      if (res.data.count >= n && res.data.notifications.some(arrived)) return res.data
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`the books did not record ${n} notifications for ${orderNo}`)
  }

  /** A paid checkout, its genuine payment notification, and the same body with a card number and one signature digit changed. */
  const paidWithNotifications = async () => {
    const sandbox = env.sandbox()
    const placed = await placeOrder(api, seed, sandbox)
    expect(await sandbox.notifications.settle(15_000)).toBe(true)
    const genuine = sandbox.notifications
      .list()
      .find((n) => n.payload[wireName("order_no")] === placed.order_no && n.notify_type === "payment")!
    const sig = wireName("encryption_data")
    const signature = genuine.payload[sig]
    const flipped = forgedSignature(signature)
    return {
      ...placed,
      // The gateway's body as it sent it: the same signature with any other field is refused (issue 34).
      genuine: { ...genuine.payload },
      forged: { ...genuine.payload, [sig]: flipped, card_no: PAN },
      // One row per delivery: a retried notification (an attempt timed out under load) is several.
      sandboxRows: sandbox.notifications
        .list()
        .filter((n) => n.payload[wireName("order_no")] === placed.order_no)
        .reduce((rows, n) => rows + n.attempts.length, 0),
    }
  }

  it("lists, searches and opens both verdicts with card data masked; a refused one processed again stays refused (attempts 2); an accepted one cannot be (409)", async () => {
    const o = await paidWithNotifications()
    const forged = await deliver(o.forged)
    expect(forged.status).toBe(401)
    const genuineSent = Date.now()
    const genuine = await deliver(o.genuine)
    expect([genuine.status, genuine.data]).toEqual([200, "success"])
    const all = await rowsOf(o.order_no, o.sandboxRows + 2, genuineSent)
    const count = all.count

    // Newest first, no fields blob in a list.
    const times = all.notifications.map((n: { created_at: string }) => new Date(n.created_at).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const n of all.notifications) expect(n).not.toHaveProperty("fields")
    expect(all.notifications[0]).toMatchObject({ order_no: o.order_no, verdict: "accepted", hook: "notify" })

    // Search: part of the order number, any case; verdict; kind; hook; dates.
    const part = o.order_no.slice(2, -2).toLowerCase()
    expect((await search({ order_no: part })).data.count).toBe(count)
    const refused = (await search({ order_no: o.order_no, verdict: "refused" })).data
    expect(refused.count).toBe(1)
    expect(refused.notifications[0]).toMatchObject({
      verdict: "refused",
      reply_status: 401,
      notify_type: "payment",
      attempts: 1,
    })
    expect((await search({ order_no: o.order_no, notify_type: "payment" })).data.count).toBe(count)
    expect((await search({ order_no: o.order_no, notify_type: "refund" })).data.count).toBe(0)
    expect((await search({ order_no: o.order_no, hook: "payout" })).data.count).toBe(0)
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString()
    expect((await search({ order_no: o.order_no, created_after: hourAgo, created_before: inAnHour })).data.count).toBe(
      count,
    )
    expect((await search({ order_no: o.order_no, created_after: inAnHour })).data.count).toBe(0)
    expect((await search({ order_no: o.order_no, limit: "1", offset: "1" })).data.notifications).toHaveLength(1)
    expect((await search({ verdict: "maybe" })).status).toBe(400)
    expect((await search({ fields: "*" })).status).toBe(400)

    // Opened: the fields as received, the card number masked, our reply.
    const id = refused.notifications[0].id
    const opened = await admin.get(`/admin/acquiring/notifications/${id}`)
    expect(opened.status).toBe(200)
    expect(opened.data.notification.fields.card_no).toBe(`************${PAN.slice(-4)}`)
    expect(opened.data.notification.fields[wireName("order_no")]).toBe(o.order_no)
    expect(JSON.parse(opened.data.notification.reply_body)).toMatchObject({ type: "unauthorized" })
    expect(JSON.stringify(opened.data)).not.toContain(PAN)
    const accepted = all.notifications[0]
    const acceptedOpened = await admin.get(`/admin/acquiring/notifications/${accepted.id}`)
    expect(acceptedOpened.data.notification).toMatchObject({ reply_body: "success", verdict: "accepted" })
    expect(acceptedOpened.data.notification.fields[wireName("encryption_data")]).toBe("[masked]")
    expect((await admin.get("/admin/acquiring/notifications/agntf_UNKNOWN")).status).toBe(404)
    expect((await admin.get("/admin/acquiring/notifications/pay_123")).status).toBe(400)

    // Process again: verified from scratch, still forged; the same row, one more attempt.
    const again = await admin.post(`/admin/acquiring/notifications/${id}/process`)
    expect(again.status).toBe(200)
    expect(again.data.notification).toMatchObject({ id, verdict: "refused", reply_status: 401, attempts: 2 })
    expect(JSON.stringify(again.data)).not.toContain(PAN)
    expect((await search({ order_no: o.order_no })).data.count).toBe(count)

    // An accepted one is done: processing it again is refused, and nothing changes.
    const no = await admin.post(`/admin/acquiring/notifications/${accepted.id}/process`)
    expect(no.status).toBe(409)
    expect((await admin.get(`/admin/acquiring/notifications/${accepted.id}`)).data.notification.attempts).toBe(1)
  })

  it("process again trusts nothing stored: a forged row rewritten as failed is verified afresh and refused again", async () => {
    const o = await paidWithNotifications()
    const forgedSent = Date.now()
    await deliver(o.forged)
    const { notifications } = await rowsOf(o.order_no, o.sandboxRows + 1, forgedSent)
    const row = notifications.find((n: { verdict: string }) => n.verdict === "refused")
    // Whatever the row says it changed or answered, the replay decides from the fields alone.
    await books().updateNotifications({ id: row.id, verdict: "failed", reply_status: 503, changed: "nothing" })
    const again = await admin.post(`/admin/acquiring/notifications/${row.id}/process`)
    expect(again.data.notification).toMatchObject({ verdict: "refused", reply_status: 401, changed: null })
  })

  it("retention: the sweep deletes notifications older than notification_retention_days, and only those", async () => {
    const o = await paidWithNotifications()
    const forgedSent = Date.now()
    await deliver(o.forged)
    const { notifications } = await rowsOf(o.order_no, o.sandboxRows + 1, forgedSent)
    const [old, ...recent] = notifications
    const longAgo = new Date(Date.now() - 91 * DAY_MS)
    await books().updateNotifications({ id: old.id, created_at: longAgo, last_seen_at: longAgo } as never)
    expect(await sweepNotifications(getContainer())).toBe(1)
    expect((await admin.get(`/admin/acquiring/notifications/${old.id}`)).status).toBe(404)
    expect((await search({ order_no: o.order_no })).data.count).toBe(recent.length)
    expect(await sweepNotifications(getContainer())).toBe(0)
  })

  it("unmatched payments: settled and unmatched gateway orders, newest first, with what was done", async () => {
    const base = {
      provider_id: PROVIDERS.hosted,
      account_id: "100000101",
      kind: "checkout",
      currency_code: "EUR",
      session_id: "payses_gone",
    }
    await books().createGatewayOrders([
      { ...base, order_no: "UNM-OPEN", amount: 10, state: "open" },
      {
        ...base,
        order_no: "UNM-VOID",
        amount: 32.89,
        state: "settled",
        settlement: "voided",
        settled_at: new Date(),
        settlement_detail: "voided 32.89 EUR (session deleted)",
        orphan_reason: "session deleted",
      },
    ] as never)
    await books().createGatewayOrders([
      {
        ...base,
        order_no: "UNM-REPORT",
        amount: 5,
        state: "unmatched",
        settlement_detail: "recorded for the admin, no money moved",
        orphan_reason: "session deleted",
      },
    ] as never)
    const res = await admin.get("/admin/acquiring/unmatched")
    expect(res.status).toBe(200)
    expect(res.data.unmatched.map((u: { order_no: string }) => u.order_no)).toEqual(["UNM-REPORT", "UNM-VOID"])
    expect(res.data.unmatched[0]).toMatchObject({ amount: "5.00", state: "unmatched", settlement: null })
    expect(res.data.unmatched[1]).toMatchObject({
      amount: "32.89",
      currency_code: "EUR",
      state: "settled",
      settlement: "voided",
      settlement_detail: "voided 32.89 EUR (session deleted)",
      orphan_reason: "session deleted",
      when: expect.any(String),
    })
    expect((await admin.get("/admin/acquiring/unmatched?state=settled")).data.count).toBe(1)
    expect((await admin.get("/admin/acquiring/unmatched?limit=1&offset=1")).data.unmatched).toHaveLength(1)
    expect((await admin.get("/admin/acquiring/unmatched?state=open")).status).toBe(400)
  })
})
