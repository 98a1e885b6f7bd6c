import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { adminOrder, cartWithShipping, DEVICE, ordersOfCart, startSession } from "./helpers/acquiring-store"
import { payOnHostedPage, postForm } from "./helpers/browser"
import { sign } from "../../src/gateway/signing"
import { NOTIFICATION_SIGN_FIELDS } from "../../src/gateway/schemas/notification"

jest.setTimeout(300_000)

/**
 * Issue 17: the gateway's engine pushes notifications under its legacy names (merNo, gatewayNo,
 * tradeNo, orderNo, orderCurrency, orderAmount, orderStatus, orderInfo, signInfo). With the
 * sandbox in that dialect, a hosted-page payment becomes an order by the notification alone.
 */
// Upper-case hex as the engine's push signs (docs/gateway-interface.md §5.4); named so the legacy preset's lower case
// (integration:http:legacy) does not change what this file checks.
const env = useAcquiringEnv({ notifications: { dialect: "legacy", signature_case: "upper" } })

acquiringTestRunner(({ api, getContainer, seed }) => {
  const notifyUrl = () => `${process.env.ACQ_STORE_URL}/hooks/acquiring/notify`
  const legacyOf = (orderNo: string) =>
    env
      .sandbox()
      .notifications.list()
      .filter((n) => n.payload.orderNo === orderNo)

  it("a hosted-page payment is authorised by the legacy notification alone (the shopper's browser never comes back)", async () => {
    const sandbox = env.sandbox()
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, {
      device: DEVICE,
      return_url: "http://shop.test/checkout/return",
    })
    // The shopper pays; the redirect goes to the shop's page, which never completes the cart.
    const paid = await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    expect(paid.returnedTo).toContain("http://shop.test/checkout/return")
    expect(await sandbox.notifications.settle(15_000)).toBe(true)

    const [note, ...more] = legacyOf(session.data.order_no)
    expect(more).toHaveLength(0)
    expect(Object.keys(note.payload)).toEqual(
      expect.arrayContaining(["merNo", "gatewayNo", "tradeNo", "orderNo", "orderCurrency", "orderAmount", "signInfo"]),
    )
    expect(note.payload).not.toHaveProperty("order_no")
    expect(note.payload.signInfo).toMatch(/^[0-9A-F]{64}$/)
    expect(note.state).toBe("delivered")
    expect(note.attempts.map((a) => a.status)).toEqual([200])

    const orders = await ordersOfCart(getContainer(), cart.id)
    expect(orders).toHaveLength(1)
    const order = await adminOrder(api, seed, orders[0])
    const payment = order.payment_collections[0].payments[0]
    expect(order.payment_collections[0].status).toBe("authorized")
    expect(payment.provider_id).toBe(PROVIDERS.hosted)
    expect(payment.data.transaction_id).toBe(note.payload.tradeNo)
  })

  it("legacy bodies that are tampered, or name one field both ways with different values, change nothing; lower-case hex is accepted", async () => {
    const sandbox = env.sandbox()
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
    // The shopper pays, and the gateway's own notification is lost: only ours arrive.
    sandbox.faults.add({ target: "notifications", kind: "drop", count: 1 })
    sandbox.shopper.pay(session.data.order_no, { card: "4111111111111111" })
    const order = sandbox.inspect.order(session.data.order_no)!
    const ours = {
      merchant_id: "1000001",
      account_id: order.account_id,
      transaction_id: order.transaction_id,
      order_no: session.data.order_no,
      currency: order.currency,
      amount: order.amount,
      order_status: "-1",
      order_info: "0000:Approved",
    }
    const hex = sign(ours, NOTIFICATION_SIGN_FIELDS, "sandbox-key-1")
    const legacy = {
      merNo: ours.merchant_id,
      gatewayNo: ours.account_id,
      tradeNo: ours.transaction_id,
      orderNo: ours.order_no,
      orderCurrency: ours.currency,
      orderAmount: ours.amount,
      orderStatus: ours.order_status,
      orderInfo: ours.order_info,
    }

    const tampered = await postForm(notifyUrl(), { ...legacy, orderAmount: "1.00", signInfo: hex.toUpperCase() })
    expect(tampered.status).toBe(401)
    const mixed = await postForm(notifyUrl(), { ...legacy, amount: "1.00", signInfo: hex.toUpperCase() })
    expect(mixed.status).toBe(400)
    expect(mixed.html).toMatch(/orderAmount and amount/)
    expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(0)

    const good = await postForm(notifyUrl(), { ...legacy, signInfo: hex.toLowerCase() })
    expect([good.status, good.html]).toEqual([200, "success"])
    expect(await ordersOfCart(getContainer(), cart.id)).toHaveLength(1)
  })
})
