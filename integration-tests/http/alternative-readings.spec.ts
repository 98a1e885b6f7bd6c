import { createGatewayClient } from "../../src/gateway"
import { GatewayApiError } from "../../src/gateway/errors"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { adminOrder, cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { placeOrder, requestMark } from "./helpers/acquiring-orders"
import { formOf, getPage, payOnHostedPage, postForm } from "./helpers/browser"

jest.setTimeout(300_000)

/**
 * Issue #29: the readings the interface document leaves open, other than the plugin's defaults, end to
 * end in one app boot. The sandbox is pinned to each alternative (so it refuses the plugin's defaults) and
 * the plugin is set to send it: XML root <xml>, authorise as JSON, retrievals selecting by
 * order_no / transaction_id.
 */
const SELECTION = { orders: "order_no", trades: "transaction_id" }
const PLUGIN_OPTIONS = {
  xml_request_root: "xml",
  encodings: { authorise: "json" },
  selection_fields: { retrievalTrans: SELECTION, retrievalRefund: SELECTION },
}
// Read when the app's medusa-config loads (the runner's beforeAll); this worker's later files must not see it.
process.env.ACQ_OPTIONS_OVERRIDE = JSON.stringify(PLUGIN_OPTIONS)
afterAll(() => {
  delete process.env.ACQ_OPTIONS_OVERRIDE
})

const env = useAcquiringEnv({
  pin: { xml_request_root: "xml", authorise_encoding: "json", retrieval_selection: "order_no_transaction_id" },
})

/** The silent-point readings the sandbox heard on a path since a mark. */
const readingsSince = (path: string, mark: number) =>
  env
    .sandbox()
    .inspect.requests()
    .filter((r) => r.id > mark && r.path === path)
    .flatMap((r) => r.readings ?? [])

acquiringTestRunner(({ api, seed, admin }) => {
  it("checkout: the hosted page is created with XML under <xml>, paid, and the cart becomes an order", async () => {
    const sandbox = env.sandbox()
    const mark = requestMark(sandbox)
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, {
      device: DEVICE,
      return_url: "http://shop.test/checkout/return",
    })
    expect(readingsSince("/v1/checkout", mark)).toEqual([{ point: "xml_request_root", reading: "xml", taken: true }])
    const paid = await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    expect(paid.returnedTo).toContain("http://shop.test/checkout/return")
    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    const order = await adminOrder(api, seed, done.order.id)
    expect(order.payment_collections[0].status).toBe("authorized")
    expect(order.payment_collections[0].payments[0].data.transaction_id).toBe(
      sandbox.inspect.order(session.data.order_no)!.transaction_id,
    )
  })

  it("APM: authorise sent as JSON, approved at issuer_url, and the cart becomes a captured order", async () => {
    const sandbox = env.sandbox()
    const mark = requestMark(sandbox)
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.apm, {
      payment_method: "sandbox_wallet",
      return_url: "http://shop.test/checkout/return",
    })
    expect(readingsSince("/v1/authorise", mark)).toEqual([
      { point: "authorise_encoding", reading: "json", taken: true },
    ])
    expect(session.data.issuer_url).toContain(sandbox.url)
    const page = await getPage(session.data.issuer_url)
    const form = formOf(page.html, session.data.issuer_url)
    const back = await postForm(form.action, { ...form.fields, action: "approve" })
    expect(back.location).toContain("http://shop.test/checkout/return")
    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    const order = await adminOrder(api, seed, done.order.id)
    expect(order.payment_collections[0].payments[0].captured_at).not.toBeNull()
  })

  it("reconciliation: a portal capture and a portal refund are found selecting by order_no / transaction_id", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    sandbox.portal.capture(o.order_no)
    sandbox.portal.refund(o.order_no, "10.00", "customer called")
    const mark = requestMark(sandbox)

    const res = await admin.post("/admin/acquiring/reconcile", { order_ids: [o.order_id] })
    expect(res.status).toBe(200)
    const changes = res.data.report.changes as Array<Record<string, unknown>>
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "capture", order_no: o.order_no, amount: "32.89" }),
        expect.objectContaining({ kind: "refund", order_no: o.order_no, amount: "10.00" }),
      ]),
    )
    const payment = (await adminOrder(api, seed, o.order_id)).payment_collections[0].payments[0]
    expect(payment.captures.map((c: { amount: number }) => c.amount)).toEqual([32.89])
    expect(payment.refunds.map((r: { amount: number }) => r.amount)).toEqual([10])

    const heard = [...readingsSince("/v1/retrievalTrans", mark), ...readingsSince("/v1/retrievalRefund", mark)]
    expect(heard.length).toBeGreaterThanOrEqual(2)
    expect(new Set(heard.map((h) => `${h.reading} ${h.taken}`))).toEqual(new Set(["order_no_transaction_id true"]))
    expect(readingsSince("/v1/retrievalRefund", mark)).not.toEqual([])
  })

  it("nothing the plugin sent was refused; the same sandbox refuses the plugin's defaults (root <request>, form authorise, orders/trades)", async () => {
    const sandbox = env.sandbox()
    // Every reading the plugin sent in the tests above was taken by the pinned sandbox.
    expect(sandbox.inspect.readings().received.filter((r) => r.refused > 0)).toEqual([])
    const client = createGatewayClient({
      merchant_id: "1000001",
      accounts: [{ account_id: "100000101", sign_key: "sandbox-key-1" }],
      test_base_url: sandbox.url,
      query_retries: 0,
    })
    const order = {
      order_no: `DEFAULTS${Date.now()}`,
      currency: "EUR",
      amount: "10.00",
      item_total: "10.00",
      return_url: "http://shop.test/checkout/return",
    }
    await expect(client.checkout(order)).rejects.toMatchObject({ status: 400, code: "I0002", source: "body" })
    const apm = client.authorise({ ...order, order_no: `${order.order_no}A`, payment_method: "sandbox_wallet" })
    await expect(apm).rejects.toBeInstanceOf(GatewayApiError)
    await expect(apm).rejects.toMatchObject({ status: 415, code: "I0002", source: "body" })
    // orders=… is a field this gateway does not know: no selection, return_status 3.
    await expect(client.retrieveTransactions({ orders: ["NOSUCH1"] })).rejects.toMatchObject({ code: "3" })
    expect(
      sandbox.inspect
        .readings()
        .received.filter((r) => r.refused > 0)
        .map((r) => [r.point, r.reading, r.refused]),
    ).toEqual([
      ["xml_request_root", "request", 1],
      ["authorise_encoding", "form", 1],
      ["retrieval_selection", "orders_trades", 1],
    ])
  })
})
