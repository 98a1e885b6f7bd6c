import { createGatewayClient } from "../../gateway"
import { GatewaySignatureError } from "../../gateway/errors"
import { sign } from "../../gateway/signing"
import { parseSandboxOptions, SandboxOptionsError } from "../options"
import { startSandbox, type Sandbox } from "../index"
import { AUTH, createCheckout, FAST_NOTIFY, KEYS, M, SALE, startReceiver, waitFor, type Receiver } from "./helpers"

/**
 * notifications.dialect and notifications.signature_case: the engine's legacy push names and either
 * hex case, read back by the plugin's own gateway client (one alias table on both sides).
 */
const client = createGatewayClient({
  merchant_id: M,
  accounts: [
    { account_id: AUTH, sign_key: KEYS[AUTH], currencies: ["EUR"] },
    { account_id: SALE, sign_key: KEYS[SALE] },
  ],
  base_url: "http://127.0.0.1:1",
})

let receiver: Receiver
const started: Sandbox[] = []
beforeEach(async () => {
  receiver = await startReceiver()
})
afterEach(async () => {
  await Promise.all(started.splice(0).map((sb) => sb.stop()))
  await receiver.close()
})

async function sandbox(notifications: Record<string, unknown>): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, seed: 3, notifications: { ...FAST_NOTIFY, ...notifications } })
  started.push(sb)
  return sb
}

/** A sale order paid by the shopper; resolves with the one payment notification as received. */
async function paidNotification(sb: Sandbox) {
  const c = await createCheckout(sb, { notify_url: receiver.url }, SALE)
  sb.shopper.pay(c.transaction_id)
  await waitFor(() => receiver.received.length > 0)
  return { c, body: receiver.received[0].body as Record<string, string> }
}

describe("notification dialects", () => {
  it("defaults: snake_case names, upper-case hex", () => {
    const o = parseSandboxOptions({}).notifications
    expect([o.dialect, o.signature_case]).toEqual(["snake_case", "upper"])
    expect(() => parseSandboxOptions({ notifications: { dialect: "camel" } })).toThrow(SandboxOptionsError)
  })

  it("legacy: the engine's names for the aliased fields, the rest as before; the client verifies and reads it under our names", async () => {
    const sb = await sandbox({ dialect: "legacy" })
    const { c, body } = await paidNotification(sb)
    expect(Object.keys(body)).toEqual([
      "notify_type",
      "merNo",
      "gatewayNo",
      "tradeNo",
      "orderNo",
      "orderCurrency",
      "orderAmount",
      "orderStatus",
      "orderInfo",
      "payment_status",
      "signInfo",
    ])
    expect(body).toMatchObject({
      notify_type: "payment",
      merNo: M,
      gatewayNo: SALE,
      tradeNo: c.transaction_id,
      orderNo: c.payload.order_no,
      orderCurrency: "USD",
      orderAmount: "25.00",
      orderStatus: "1",
      payment_status: "3000",
    })
    expect(body.signInfo).toMatch(/^[0-9A-F]{64}$/)
    const note = client.parseNotification(new URLSearchParams(body).toString())
    expect(note).toMatchObject({ order_no: c.payload.order_no, transaction_id: c.transaction_id, amount: "25.00" })
    // The sandbox's own record keeps the payload as sent.
    expect(sb.notifications.list()[0].payload).toEqual(body)
    // Tampered on the way: refused.
    expect(() => client.parseNotification({ ...body, orderAmount: "1.00" })).toThrow(GatewaySignatureError)
  })

  it("legacy with lower-case hex, and snake_case with lower-case hex: both verify", async () => {
    const legacy = await sandbox({ dialect: "legacy", signature_case: "lower" })
    const first = await paidNotification(legacy)
    expect(first.body.signInfo).toMatch(/^[0-9a-f]{64}$/)
    expect(client.parseNotification(first.body).order_no).toBe(first.c.payload.order_no)

    receiver.received.length = 0
    const snake = await sandbox({ signature_case: "lower" })
    const second = await paidNotification(snake)
    expect(second.body).toHaveProperty("order_no", second.c.payload.order_no)
    expect(second.body).not.toHaveProperty("orderNo")
    expect(second.body.encryption_data).toMatch(/^[0-9a-f]{64}$/)
    expect(client.parseNotification(second.body).order_no).toBe(second.c.payload.order_no)
  })

  it("the legacy signature covers the engine's row: merNo … orderInfo + sign key, over the values as sent", async () => {
    const sb = await sandbox({ dialect: "legacy" })
    const { body } = await paidNotification(sb)
    const engineRow = [
      "merNo",
      "gatewayNo",
      "tradeNo",
      "orderNo",
      "orderCurrency",
      "orderAmount",
      "orderStatus",
      "orderInfo",
    ]
    expect(sign(body, engineRow, KEYS[SALE]).toUpperCase()).toBe(body.signInfo)
  })

  it("sign_fields may be written with the legacy names; refund notifications keep their own fields", async () => {
    const sb = await sandbox({ dialect: "legacy", sign_fields: ["orderNo", "orderAmount", "refund_amount"] })
    const custom = createGatewayClient({
      merchant_id: M,
      accounts: [{ account_id: SALE, sign_key: KEYS[SALE] }],
      base_url: "http://127.0.0.1:1",
      notification_signature_fields: ["order_no", "amount", "refund_amount"],
    })
    const { c } = await paidNotification(sb)
    sb.portal.refund(c.transaction_id, "5.00")
    await waitFor(() => receiver.received.length > 1)
    const refund = receiver.received[1].body as Record<string, string>
    expect(refund).toMatchObject({ notify_type: "refund", orderNo: c.payload.order_no, refund_amount: "5.00" })
    expect(custom.parseNotification(refund).refund_amount).toBe("5.00")
    expect(() => custom.parseNotification({ ...refund, refund_amount: "25.00" })).toThrow(GatewaySignatureError)
  })
})
