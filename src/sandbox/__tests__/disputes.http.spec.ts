import { createGatewayClient } from "../../gateway"
import type { GatewayClient } from "../../gateway/client-types"
import { isoDate } from "../clock"
import { startSandbox, type Sandbox } from "../index"
import { createCheckout, FAST_NOTIFY, KEYS, post, SALE, startReceiver, waitFor, type Receiver } from "./helpers"

/**
 * Disputes in the sandbox: opened and closed through the control API over HTTP (and the handle),
 * each sent as a signed `dispute` notification that the gateway client verifies; refund
 * notifications keep coming as before.
 */
let sb: Sandbox
let receiver: Receiver
let client: GatewayClient

beforeAll(async () => {
  receiver = await startReceiver()
  sb = await startSandbox({ port: 0, seed: 5, notifications: FAST_NOTIFY })
  client = createGatewayClient({
    merchant_id: "1000001",
    accounts: [{ account_id: SALE, sign_key: KEYS[SALE] }],
    base_url: sb.url,
  })
})
afterAll(async () => {
  await sb.stop()
  await receiver.close()
})

const control = (what: string, body: Record<string, unknown>) =>
  post(`${sb.url}/__sandbox/${what}`, JSON.stringify(body), "application/json")

/** A sale order (captured at once, 25.00 USD) whose notifications go to the receiver. */
async function captured() {
  const c = await createCheckout(sb, { notify_url: receiver.url }, SALE)
  sb.shopper.pay(c.transaction_id)
  return { tx: c.transaction_id, order_no: String(c.payload.order_no) }
}
const notified = (tx: string, type: string) =>
  receiver.received.filter((r) => r.body.transaction_id === tx && r.body.notify_type === type).map((r) => r.body)

describe("disputes", () => {
  it("open over /__sandbox/portal/dispute/open and close over …/close: each a signed dispute notification with the dispute's fields", async () => {
    const o = await captured()
    const opened = await control("portal/dispute/open", {
      order_no: o.order_no,
      reason: "Fraudulent transaction",
      deadline: "2030-01-31",
      amount: "20.00",
    })
    expect(opened.status).toBe(200)
    expect(opened.body.disputes).toEqual([
      {
        dispute_id: expect.stringMatching(/^D\d+$/),
        status: "opened",
        reason: "Fraudulent transaction",
        amount: "20.00",
        deadline: "2030-01-31",
        opened_at: expect.any(String),
        closed_at: null,
      },
    ])
    const id = opened.body.disputes[0].dispute_id
    await waitFor(() => notified(o.tx, "dispute").length === 1)
    const first = client.parseNotification(notified(o.tx, "dispute")[0] as Record<string, string>)
    expect(first).toMatchObject({
      notify_type: "dispute",
      merchant_id: "1000001",
      account_id: SALE,
      transaction_id: o.tx,
      order_no: o.order_no,
      currency: "USD",
      amount: "25.00",
      dispute_id: id,
      dispute_status: "opened",
      dispute_reason: "Fraudulent transaction",
      dispute_amount: "20.00",
      dispute_deadline: "2030-01-31",
      dispute_date: expect.stringMatching(/^\d{14}$/),
    })

    const closed = await control("portal/dispute/close", { transaction_id: o.tx, result: "won" })
    expect(closed.status).toBe(200)
    expect(closed.body.disputes).toEqual([
      expect.objectContaining({ dispute_id: id, status: "won", closed_at: expect.any(String) }),
    ])
    await waitFor(() => notified(o.tx, "dispute").length === 2)
    expect(client.parseNotification(notified(o.tx, "dispute")[1] as Record<string, string>)).toMatchObject({
      dispute_id: id,
      dispute_status: "won",
      dispute_amount: "20.00",
    })
    const inspected = await fetch(`${sb.url}/__sandbox/orders?order_no=${o.order_no}`).then((r) => r.json())
    expect(inspected.disputes).toEqual(closed.body.disputes)
    expect(inspected.state).toBe("paid") // the sandbox moves no money for a dispute
  })

  it("the handle opens with defaults (captured amount, a week to answer) and closes as lost", async () => {
    const o = await captured()
    const view = sb.portal.openDispute(o.order_no, { reason: "Product not received" })
    expect(view.disputes[0]).toMatchObject({
      status: "opened",
      amount: "25.00",
      deadline: isoDate(sb.clock.now() + 7 * 86_400_000),
    })
    expect(sb.portal.closeDispute(o.tx, "lost").disputes[0]).toMatchObject({ status: "lost" })
    await waitFor(() => notified(o.tx, "dispute").length === 2)
    expect(notified(o.tx, "dispute").map((n) => n.dispute_status)).toEqual(["opened", "lost"])
  })

  it("refuses what the portal cannot do, without a notification", async () => {
    const unpaid = await createCheckout(sb, { notify_url: receiver.url }, SALE)
    const o = await captured()
    const ref = { order_no: o.order_no }
    const refusal = async (what: string, body: Record<string, unknown>) => {
      const res = await control(what, body)
      return [res.status, String(res.body.error).slice(0, 5)]
    }
    expect(await refusal("portal/dispute/open", { transaction_id: unpaid.transaction_id, reason: "x" })).toEqual([
      409,
      "D0001",
    ])
    expect(await refusal("portal/dispute/open", ref)).toEqual([400, "give "])
    expect(await refusal("portal/dispute/open", { ...ref, reason: "x", amount: "1,00" })).toEqual([400, "amoun"])
    expect(await refusal("portal/dispute/open", { ...ref, reason: "x", amount: "99.00" })).toEqual([409, "D0004"])
    expect(await refusal("portal/dispute/open", { ...ref, reason: "x", deadline: "next week" })).toEqual([409, "D0004"])
    expect(await refusal("portal/dispute/close", ref)).toEqual([400, "the o"])
    expect(await refusal("portal/dispute/close", { ...ref, result: "won" })).toEqual([409, "D0003"])
    expect(await refusal("portal/dispute/open", { order_no: "NOSUCHORDER1", reason: "x" })).toEqual([404, "no or"])
    expect((await control("portal/dispute/open", { ...ref, reason: "x" })).status).toBe(200)
    expect(await refusal("portal/dispute/open", { ...ref, reason: "again" })).toEqual([409, "D0002"])
    await sb.notifications.settle(2_000)
    expect(notified(o.tx, "dispute")).toHaveLength(1)
    expect(notified(unpaid.transaction_id, "dispute")).toHaveLength(0)
  })
})

describe("refund notifications", () => {
  it("a portal refund over HTTP still sends a signed refund notification with its reference, amount and status", async () => {
    const o = await captured()
    const res = await control("portal/refund", { order_no: o.order_no, refund_amount: "5.00" })
    expect(res.status).toBe(200)
    await waitFor(() => notified(o.tx, "refund").length === 1)
    expect(client.parseNotification(notified(o.tx, "refund")[0] as Record<string, string>)).toMatchObject({
      notify_type: "refund",
      order_no: o.order_no,
      refund_reference_id: `${o.tx}-01`,
      refund_amount: "5.00",
      refund_status: "1",
      payment_status: "4000",
    })
  })
})
