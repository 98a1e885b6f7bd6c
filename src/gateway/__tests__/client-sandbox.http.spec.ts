import { startSandbox, type Sandbox } from "../../sandbox"
import { createGatewayClient } from "../client"
import { GatewayNetworkError, GatewayTimeoutError } from "../errors"
import type { GatewayClient } from "../client-types"

/**
 * The gateway client over real HTTP (undici, real sockets) against the local sandbox:
 * the sandbox's own hosted page, signatures both ways, retries and faults.
 */
describe("gateway client against the sandbox over HTTP", () => {
  let sb: Sandbox
  let gw: GatewayClient

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, host: "127.0.0.1", seed: 7 })
    gw = createGatewayClient({
      merchant_id: "1000001",
      base_url: sb.url,
      accounts: [{ account_id: "100000101", sign_key: "sandbox-key-1" }],
      timeout_ms: 300,
      retry_base_delay_ms: 5,
    })
  })
  afterAll(() => sb.stop())
  afterEach(() => sb.faults.clear())

  const checkout = (order_no: string) =>
    gw.checkout({
      order_no,
      currency: "EUR",
      amount: "12.50",
      return_url: "https://shop.example/return",
      notify_url: "http://127.0.0.1:9/notify",
    })

  it("checkout → pay → query → capture → refund → refund search, and the push verifies", async () => {
    const page = await checkout("ORDHTTP001")
    expect(page.form.action).toBe(`${sb.url}/v1/checkout`)
    expect(page.form.fields.orderNo).toBe("ORDHTTP001")
    expect(page.sign_info).toMatch(/^[0-9a-f]{64}$/i)

    sb.shopper.pay("ORDHTTP001")
    const { orders_list } = await gw.retrieveTransactions({ orders: ["ORDHTTP001"] })
    const tid = orders_list[0].transaction_id!
    expect(orders_list[0].amount).toBe("12.50")

    const order = { transaction_id: tid, order_no: "ORDHTTP001", currency: "EUR", amount: "12.50" }
    const cap = await gw.capture({ capture_orders: [order] })
    expect(cap.failed).toEqual([])
    expect(cap.results[0].capture_status).toBe("1")
    const ref = await gw.refund({ refund_orders: [{ ...order, refund_amount: "2.50" }] })
    expect(ref.results[0].refund_message).toBe("V0000:OK")
    const search = await gw.retrieveRefunds({ trades: [tid] })
    expect(search.refund_orders.map((r) => r.refund_amount)).toEqual(["2.50"])

    const push = sb.notifications.list().find((n) => n.payload.order_no === "ORDHTTP001")!
    const body = new URLSearchParams(push.payload as Record<string, string>).toString()
    expect(gw.parseNotification(body).transaction_id).toBe(tid)
  })

  it("a retrieval that times out is retried; a capture that times out is not", async () => {
    await checkout("ORDHTTP002")
    sb.shopper.pay("ORDHTTP002")
    const count = (path: string) => sb.inspect.requests().filter((r) => JSON.stringify(r).includes(path)).length

    const beforeQuery = count("/v1/retrievalTrans")
    sb.faults.add({ target: "retrievalTrans", kind: "timeout", timeout_ms: 1_000, count: 1 })
    const { orders_list } = await gw.retrieveTransactions({ orders: ["ORDHTTP002"] })
    expect(count("/v1/retrievalTrans") - beforeQuery).toBe(2)

    const beforeCapture = count("/v1/capture")
    sb.faults.add({ target: "capture", kind: "timeout", timeout_ms: 1_000, count: 1 })
    const order = {
      transaction_id: orders_list[0].transaction_id!,
      order_no: "ORDHTTP002",
      currency: "EUR",
      amount: "12.50",
    }
    const cap = await gw.capture({ capture_orders: [order] })
    expect(cap.failed[0].error).toBeInstanceOf(GatewayTimeoutError)
    expect(count("/v1/capture") - beforeCapture).toBe(1)
  })

  it("a reset connection is a network error", async () => {
    sb.faults.add({ target: "payout", kind: "reset", count: 1 })
    const err = await gw
      .payout({
        request_id: "3f0c1e2a-8b7d-4c6e-9a1b-2c3d4e5f6a7c",
        payment_amount: "10.00",
        payment_currency: "USD",
        beneficiary: { first_name: "A" },
      })
      .catch((e) => e)
    expect(err).toBeInstanceOf(GatewayNetworkError)
  })
})
