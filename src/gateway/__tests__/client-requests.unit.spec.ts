import { decodeXml } from "../codecs"
import { GatewaySignatureError } from "../errors"
import { ACCOUNTS, fixture, fixtureJson, makeClient, reply, sha256 } from "./helpers/fake-gateway"

const form = (body: string) => Object.fromEntries(new URLSearchParams(body))
const EUR = ACCOUNTS.eur
const USD = ACCOUNTS.usd

describe("request encoding and signing per operation", () => {
  const checkoutReq = fixtureJson("checkout-request.json")
  // merchant_id account_id order_no currency amount return_url sign_key, written out by hand
  const checkoutSig = sha256(
    "1234567" + "123456701" + "ORD10001" + "EUR" + "12.50" + "https://shop.example/return" + "EurKey-Secret1",
  )

  it("checkout: XML body by default, signed, nested cart_items, to /v1/checkout", async () => {
    const { client, calls } = makeClient(() => reply(fixture("checkout-page-helper.html"), 200, "application/xml"))
    const page = await client.checkout(checkoutReq)
    expect(calls).toHaveLength(1)
    const [wire] = calls
    expect(wire.method).toBe("POST")
    expect(wire.url).toBe("https://gw.test/v1/checkout")
    expect(wire.contentType).toBe("application/xml")
    const { root, value } = decodeXml(wire.body)
    expect(root).toBe("request")
    expect(value).toMatchObject({
      merchant_id: "1234567",
      account_id: "123456701",
      order_no: "ORD10001",
      amount: "12.50",
      checkout_time: "1700000000",
      cart_items: { basic_item_data: { name: "Mug", productId: "SKU1", price: { currency: "EUR" } } },
      subscription: { interval: "day", billing_cycle: "12" },
      encryption_data: checkoutSig,
    })
    expect(page.form.fields.merNo).toBe("1234567")
    expect(page.html).toContain("<form")
  })

  it("checkout: a page whose form posts to another host is refused unless hosted_page_origins lists it", async () => {
    const page = fixture("checkout-page-helper.html").replace(
      /action="[^"]*"/,
      'action="https://pay.partner.example/v1/checkout"',
    )
    const strict = makeClient(() => reply(page, 200, "text/html"))
    await expect(strict.client.checkout(checkoutReq)).rejects.toMatchObject({
      kind: "bad_response",
      source: "form.action",
    })
    const listed = makeClient(() => reply(page, 200, "text/html"), {
      hosted_page_origins: ["https://pay.partner.example/"],
    })
    expect((await listed.client.checkout(checkoutReq)).form.action).toBe("https://pay.partner.example/v1/checkout")
  })

  it("checkout: form-urlencoded with bracket nesting when encodings.checkout = form", async () => {
    const { client, calls } = makeClient(() => reply(fixture("checkout-page-helper.html"), 200, "text/html"), {
      encodings: { checkout: "form" },
      xml_request_root: "unused",
    })
    await client.checkout(checkoutReq)
    expect(calls[0].contentType).toBe("application/x-www-form-urlencoded")
    const f = form(calls[0].body)
    expect(f["cart_items[0][basic_item_data][name]"]).toBe("Mug")
    expect(f["cart_items[0][basic_item_data][price][amount_usd]"]).toBe("10.8")
    expect(f["subscription[interval_count]"]).toBe("30")
    expect(f.checkout_time).toBe("1700000000")
    expect(f.encryption_data).toBe(checkoutSig)
  })

  it("authorise: form body with nested person, signature over return_url, account by currency", async () => {
    const { client, calls } = makeClient(() => reply(fixture("authorise-response.xml"), 200, "text/html"))
    const res = await client.authorise({
      order_no: "ORD10002",
      currency: "USD",
      amount: "30.00",
      payment_method: "PIX",
      return_url: "https://shop.example/back",
      person: {
        document_number: "123",
        address_country: "BR",
        documents: { labels: { bank_account: { bank: { code: "001" } } } },
      },
    })
    expect(calls[0].url).toBe("https://gw.test/v1/authorise")
    expect(calls[0].contentType).toBe("application/x-www-form-urlencoded")
    const f = form(calls[0].body)
    expect(f.account_id).toBe(USD.account_id)
    expect(f["person[documents][labels][bank_account][bank][code]"]).toBe("001")
    expect(f.encryption_data).toBe(
      sha256("1234567" + "123456702" + "ORD10002" + "USD" + "30.00" + "https://shop.example/back" + "UsdKey-Secret2"),
    )
    expect(res).toMatchObject({
      order_no: "ORD10002",
      amount: "30.00",
      currency: "EUR",
      issuer_url: "https://apm.example/pay?id=abc&lang=en",
    })
  })

  it("capture / cancel / review / refund: JSON bodies signed over every transaction id of the request", async () => {
    const { client, calls } = makeClient((req) => {
      const op = req.url.split("/v1/")[1]
      return reply(fixture(`${op}-response.json`), 200, "application/x-www-form-urlencoded")
    })
    const two = [
      { transaction_id: "T100001", order_no: "ORD10001", currency: "EUR", amount: "12.50" },
      { transaction_id: "T100002", order_no: "ORD10002", currency: "EUR", amount: "7.00" },
    ]
    const cap = await client.capture({ capture_orders: two })
    await client.cancel({ cancel_orders: two })
    await client.review({ review_orders: two.map((o) => ({ ...o, review_flag: "1" })) })
    await client.refund({ refund_orders: two.map((o) => ({ ...o, refund_amount: "1.00" })) })
    const sig = sha256("1234567" + "123456701" + "T100001" + "T100002" + "EurKey-Secret1")
    expect(calls.map((c) => c.url.split("/v1/")[1])).toEqual(["capture", "cancel", "review", "refund"])
    for (const c of calls) {
      expect(c.contentType).toBe("application/json")
      expect(JSON.parse(c.body).encryption_data).toBe(sig)
    }
    expect(JSON.parse(calls[0].body)).toEqual({
      merchant_id: "1234567",
      account_id: "123456701",
      capture_orders: two,
      encryption_data: sig,
    })
    expect(JSON.parse(calls[2].body).review_orders[1].review_flag).toBe("1")
    expect(JSON.parse(calls[3].body).refund_orders[0]).toEqual({ ...two[0], refund_amount: "1.00", refund_reason: "" })
    expect(cap.results.map((r) => r.capture_status)).toEqual(["1", "0"])
    expect(cap.responses).toEqual([
      {
        account_id: "123456701",
        merchant_id: "1234567",
        return_message: "OK",
        return_status: "1",
        encryption_data: "",
      },
    ])
  })

  it("retrievals: form bodies, selections as comma-separated lists, one list per request", async () => {
    const { client, calls } = makeClient((req) =>
      reply(
        fixture(
          req.url.endsWith("retrievalTrans") ? "retrieval-trans-response.json" : "retrieval-refund-response.json",
        ),
        200,
        "text/plain",
      ),
    )
    const trans = await client.retrieveTransactions(
      { orders: ["ORD10001", "ORD10002"], trades: ["T100001"] },
      { account_id: EUR.account_id },
    )
    expect(calls).toHaveLength(2)
    expect(calls[0].contentType).toBe("application/x-www-form-urlencoded")
    expect(calls[0].body).toContain("orders=ORD10001%2CORD10002")
    const sig = sha256("1234567" + "123456701" + "EurKey-Secret1")
    expect(form(calls[0].body)).toEqual({
      merchant_id: "1234567",
      account_id: "123456701",
      orders: "ORD10001,ORD10002",
      encryption_data: sig,
    })
    expect(form(calls[1].body)).toEqual({
      merchant_id: "1234567",
      account_id: "123456701",
      trades: "T100001",
      encryption_data: sig,
    })
    expect(trans.requests).toBe(2)
    expect(trans.orders_list).toHaveLength(2)
    expect(trans.orders_list[0].fraud_check_result[0].status).toBe("ACCEPT")

    const refunds = await client.retrieveRefunds({ trades: ["T100001"] }, { currency: "GBP" })
    expect(calls[2].url).toBe("https://gw.test/v1/retrievalRefund")
    expect(form(calls[2].body)).toEqual({
      merchant_id: "1234567",
      account_id: USD.account_id,
      trades: "T100001",
      encryption_data: sha256("1234567" + "123456702" + "UsdKey-Secret2"),
    })
    expect(refunds.refund_orders[0].refund_reference_id).toBe("T100001-01")
  })

  it("retrievals: selection field names can be renamed", async () => {
    const { client, calls } = makeClient(() => reply(fixture("retrieval-refund-response.json")), {
      selection_fields: { retrievalRefund: { orders: "order_nos", trades: "transaction_ids" } },
    })
    await client.retrieveRefunds({ orders: ["ORD10001"] })
    expect(form(calls[0].body).order_nos).toBe("ORD10001")
  })

  it("payout: JSON body signed over request_id, payment_currency, payment_amount", async () => {
    const { client, calls } = makeClient(() => reply(fixture("payout-response.json"), 200, "application/json"))
    const res = await client.payout(fixtureJson("payout-request.json"))
    const body = JSON.parse(calls[0].body)
    expect(calls[0].contentType).toBe("application/json")
    expect(body.account_id).toBe(USD.account_id)
    expect(body.beneficiary.bank_details.bank_code).toBe("BKCH")
    expect(body.encryption_data).toBe(
      sha256("1234567" + "123456702" + "3f0c1e2a-8b7d-4c6e-9a1b-2c3d4e5f6a7b" + "USD" + "1000.00" + "UsdKey-Secret2"),
    )
    expect(res).toMatchObject({
      status: "COMPLETED",
      fee_amount: 500,
      beneficiary: { bank_details: { local_clearing_system: "CNAPS" } },
    })
  })

  it("signature rows and the content-type label can be overridden", async () => {
    const { client, calls } = makeClient(() => reply(fixture("capture-response.json")), {
      signature_fields: { capture: ["merchant_id", "capture_orders[].order_no"] },
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Trace": "1" },
    })
    await client.capture({
      capture_orders: [{ transaction_id: "T1", order_no: "ORD10001", currency: "EUR", amount: "1.00" }],
    })
    expect(JSON.parse(calls[0].body).encryption_data).toBe(sha256("1234567" + "ORD10001" + "EurKey-Secret1"))
    expect(calls[0].contentType).toBe("application/x-www-form-urlencoded")
    expect(calls[0].headers.get("x-trace")).toBe("1")
  })

  it("refuses a signed return_url with & before sending, naming the field", async () => {
    const { client, calls } = makeClient(() => reply("unused"))
    const err = await client
      .checkout({ ...fixtureJson("checkout-request.json"), return_url: "https://shop.example/r?a=1&b=2" })
      .catch((e) => e)
    expect(err).toBeInstanceOf(GatewaySignatureError)
    expect(err.source).toBe("return_url")
    expect(calls).toHaveLength(0)
  })

  it("base_url wins over the mode URLs; live mode uses live_base_url", async () => {
    const a = makeClient(() => reply(fixture("payout-response.json")), { base_url: "https://one.test/api/" })
    await a.client.payout(fixtureJson("payout-request.json"))
    expect(a.calls[0].url).toBe("https://one.test/api/v1/payout")
    const b = makeClient(() => reply(fixture("payout-response.json")), {
      mode: "live",
      live_base_url: "https://live.test",
    })
    await b.client.payout(fixtureJson("payout-request.json"))
    expect(b.calls[0].url).toBe("https://live.test/v1/payout")
  })
})
