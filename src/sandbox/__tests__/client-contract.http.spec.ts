import { createGatewayClient } from "../../gateway"
import { startSandbox, type Sandbox } from "../index"

/** The plugin's own gateway client against the sandbox: the two halves of the contract agree. */
let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ port: 0 })
})
afterAll(() => sb.stop())

it("checkout, pay, query, capture, refund and APM through createGatewayClient", async () => {
  const c = createGatewayClient({
    merchant_id: "1000001",
    accounts: [{ account_id: "100000101", sign_key: "sandbox-key-1" }],
    base_url: sb.url,
  })
  const page = await c.checkout({
    order_no: "CONTRACT1",
    currency: "USD",
    amount: "10.00",
    return_url: "https://x.example/r",
  })
  expect(page.form.action).toBe(`${sb.url}/v1/checkout`)
  sb.shopper.pay("CONTRACT1")
  const q = await c.retrieveTransactions({ orders: ["CONTRACT1", "NOPE123"] })
  expect(q.orders_list.map((o) => [o.order_no, o.payment_status, o.query_result])).toEqual([
    ["CONTRACT1", "2000", "-1"],
  ])
  const tx = q.orders_list[0].transaction_id!
  const entry = { transaction_id: tx, order_no: "CONTRACT1", currency: "USD", amount: "10.00" }
  const cap = await c.capture({ capture_orders: [entry] })
  expect([cap.results.map((r) => r.capture_status), cap.failed]).toEqual([["1"], []])
  const ref = await c.refund({ refund_orders: [{ ...entry, refund_amount: "4.00" }] })
  expect(ref.results.map((r) => [r.refund_status, r.refund_reference_id])).toEqual([["1", `${tx}-01`]])
  expect((await c.retrieveRefunds({ orders: ["CONTRACT1"] })).refund_orders).toHaveLength(1)
  const apm = await c.authorise({
    order_no: "CONTRACT2",
    currency: "USD",
    amount: "10.00",
    payment_method: "PIX",
    return_url: "https://x.example/r",
  })
  expect(apm.issuer_url.startsWith(`${sb.url}/apm/`)).toBe(true)
})
