import { encodeXml } from "../../gateway/codecs"
import { OPERATION_TABLE } from "../../gateway/operations-table"
import { ERROR_CODES as E } from "../../gateway/status-codes"
import {
  CancelResponse,
  CaptureResponse,
  ErrorBody,
  RefundResponse,
  RetrievalRefundResponse,
  RetrievalTransResponse,
  ReviewResponse,
} from "../../gateway/schemas"
import { sign, verify } from "../../gateway/signing"
import { startSandbox, type Sandbox } from "../index"
import { AUTH, KEYS, LIVE, M, SALE, call, checkoutPayload, createCheckout, post, signed } from "./helpers"

let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 7 })
})
afterAll(() => sb.stop())

const entry = (o: { transaction_id: string; order_no: string }, extra: Record<string, string> = {}) => ({
  transaction_id: o.transaction_id,
  order_no: o.order_no,
  currency: "USD",
  amount: "25.00",
  ...extra,
})

/** A paid hosted-page order (authorise account → awaiting capture; sale account → paid). */
async function paidOrder(account = AUTH, card = "4111111111111111") {
  const c = await createCheckout(sb, {}, account)
  sb.shopper.pay(c.transaction_id, { card })
  return { transaction_id: c.transaction_id, order_no: String(c.payload.order_no) }
}

const batchCall = (op: "capture" | "cancel" | "review" | "refund", orders: unknown[], account = AUTH) =>
  call(sb, op, { merchant_id: M, account_id: account, [OPERATION_TABLE[op].batch!.array]: orders })

function expectError(res: { status: number; body: any }, status: number, code: string, source: string) {
  expect(res.status).toBe(status)
  const body = ErrorBody.parse(res.body)
  expect(body).toMatchObject({ code, source })
  expect(body.message.length).toBeGreaterThan(5)
}

describe("envelope and signature", () => {
  it("names missing merchant_id / account_id (I0001), unknown merchant (I0003) and account (I0004)", async () => {
    expectError(
      await call(sb, "retrievalTrans", { account_id: AUTH, orders: "X", encryption_data: "a".repeat(64) }),
      400,
      E.MISSING_FIELD,
      "merchant_id",
    )
    expectError(
      await call(sb, "retrievalTrans", { merchant_id: M, orders: "X", encryption_data: "a".repeat(64) }),
      400,
      E.MISSING_FIELD,
      "account_id",
    )
    expectError(
      await call(sb, "capture", { merchant_id: "9999999", account_id: AUTH, capture_orders: [] }, "json"),
      403,
      E.UNKNOWN_MERCHANT,
      "merchant_id",
    )
    const unknownAccount = { merchant_id: M, account_id: "123", orders: "X" }
    expectError(
      await call(sb, "retrievalTrans", signed("retrievalTrans", unknownAccount, "k")),
      403,
      E.UNKNOWN_ACCOUNT,
      "account_id",
    )
  })

  it("rejects a missing, wrong or wrong-key signature with I0013 and accepts upper-case hex", async () => {
    const base = { merchant_id: M, account_id: AUTH, orders: "NOPE1" }
    expectError(
      await post(`${sb.url}/v1/retrievalTrans`, new URLSearchParams(base).toString()),
      401,
      E.SIGNATURE,
      "encryption_data",
    )
    expectError(
      await call(sb, "retrievalTrans", signed("retrievalTrans", base, "wrong-key")),
      401,
      E.SIGNATURE,
      "encryption_data",
    )
    const good = signed("retrievalTrans", base)
    expectError(
      await call(sb, "retrievalTrans", { ...good, encryption_data: "zz" }),
      401,
      E.SIGNATURE,
      "encryption_data",
    )
    const upper = await call(sb, "retrievalTrans", {
      ...good,
      encryption_data: String(good.encryption_data).toUpperCase(),
    })
    expect(upper.status).toBe(200)
    // a signed value changed after signing: capture signs every transaction_id in order
    const cap = signed("capture", {
      merchant_id: M,
      account_id: AUTH,
      capture_orders: [entry({ transaction_id: "T1", order_no: "ORDER1" })],
    })
    ;(cap.capture_orders as any)[0].transaction_id = "T2"
    expectError(await call(sb, "capture", cap), 401, E.SIGNATURE, "encryption_data")
  })

  it("answers I0015 to a live account on the test address", async () => {
    expectError(
      await call(sb, "retrievalTrans", { merchant_id: M, account_id: LIVE, orders: "X" }),
      403,
      E.LIVE_ACCOUNT_ON_TEST,
      "account_id",
    )
  })

  it("answers I0014 to a test account on the live address, and serves live accounts there", async () => {
    const live = await startSandbox({ port: 0, server_mode: "live" })
    try {
      const req = { merchant_id: M, account_id: AUTH, orders: "X" }
      expectError(await call(live, "retrievalTrans", req), 403, E.TEST_ACCOUNT_ON_LIVE, "account_id")
      const ok = await call(live, "retrievalTrans", { ...req, account_id: LIVE })
      expect(ok.status).toBe(200)
      expect(ok.body).toMatchObject({ return_status: "1", orders_list: [] })
    } finally {
      await live.stop()
    }
  })

  it("answers 405 to GET and 404 to unknown paths", async () => {
    expect((await fetch(`${sb.url}/v1/capture`)).status).toBe(405)
    expect((await post(`${sb.url}/v1/directPay`, "a=b")).status).toBe(404)
  })
})

describe("payment request validation", () => {
  it("I0001 names a missing field, I0002 a malformed one, with nested paths", async () => {
    const { order_no: _o, ...noOrder } = checkoutPayload()
    expectError(await call(sb, "checkout", noOrder), 400, E.MISSING_FIELD, "order_no")
    expectError(
      await call(sb, "checkout", checkoutPayload({ amount: "25", item_total: "25.00", shipping: undefined })),
      400,
      E.INVALID_FIELD,
      "amount",
    )
    expectError(await call(sb, "checkout", checkoutPayload({ order_no: "bad-no" })), 400, E.INVALID_FIELD, "order_no")
    const cart = [{ basic_item_data: { name: "Mug", quantity: "two" } }]
    expectError(
      await call(sb, "checkout", checkoutPayload({ cart_items: cart })),
      400,
      E.INVALID_FIELD,
      "cart_items[0].basic_item_data.quantity",
    )
    const { payment_method: _p, ...apm } = { ...checkoutPayload(), payment_method: "x" }
    expectError(await call(sb, "authorise", apm), 400, E.MISSING_FIELD, "payment_method")
  })

  it("I0021 when amount is not item_total + shipping + … − discount", async () => {
    expectError(await call(sb, "checkout", checkoutPayload({ amount: "25.01" })), 400, E.AMOUNT_MISMATCH, "amount")
    expectError(
      await call(sb, "authorise", { ...checkoutPayload({ discount: "1.00" }), payment_method: "PIX" }),
      400,
      E.AMOUNT_MISMATCH,
      "amount",
    )
  })

  it("I0061 for a reused order_no, on the same or another account of the merchant", async () => {
    const p = checkoutPayload()
    expect((await call(sb, "checkout", p)).status).toBe(200)
    expectError(await call(sb, "checkout", p), 409, E.DUPLICATE_ORDER_NO, "order_no")
    expectError(
      await call(sb, "authorise", { ...p, account_id: SALE, payment_method: "PIX" }),
      409,
      E.DUPLICATE_ORDER_NO,
      "order_no",
    )
  })

  it("takes the documented XML whatever the Content-Type says, with one-element lists and numbers as text", async () => {
    const extra = {
      cart_items: [{ basic_item_data: { name: "Mug", quantity: "2", price: { amount_usd: 10, currency: "USD" } } }],
      subscription: { contract_name: "Coffee club", interval: "month", interval_count: "1", billing_cycle: 12 },
    }
    for (const label of ["application/x-www-form-urlencoded", "application/xml", "text/plain"]) {
      const p = signed("checkout", checkoutPayload(extra))
      const res = await post(`${sb.url}/v1/checkout`, encodeXml(p, "request"), label)
      expect([label, res.status]).toEqual([label, 200])
      expect(sb.inspect.order({ order_no: String(p.order_no) })?.state).toBe("waiting")
    }
  })

  it("lenient: XML, JSON and form bodies and an XML root of any name (the old sandbox, on purpose)", async () => {
    const lenient = await startSandbox({ port: 0, seed: 7, lenient: true })
    try {
      for (const enc of ["xml", "json", "form"] as const) {
        const p = checkoutPayload({ cart_items: [{ basic_item_data: { name: "Mug", quantity: "2" } }] })
        const res = await call(lenient, "checkout", p, enc)
        expect([enc, res.status]).toEqual([enc, 200])
        expect(lenient.inspect.order({ order_no: String(p.order_no) })?.state).toBe("waiting")
      }
      const p = signed("checkout", checkoutPayload())
      const res = await post(`${lenient.url}/v1/checkout`, encodeXml(p, "anything"), "application/xml")
      expect(res.status).toBe(200)
    } finally {
      await lenient.stop()
    }
  })

  it("answers the APM request with respon XML whose issuer_url is a sandbox page", async () => {
    const p: Record<string, unknown> = { ...checkoutPayload(), payment_method: "PIX" }
    const res = await call(sb, "authorise", p)
    expect(res.status).toBe(200)
    expect(res.text).toMatch(
      /^<\?xml[^>]*\?><respon><merchant_id>1000001<\/merchant_id><account_id>100000101<\/account_id>/,
    )
    expect(res.text).toContain(`<order_no>${p.order_no}</order_no><amount>25.00</amount><currency>USD</currency>`)
    const issuer = /<issuer_url>([^<]+)<\/issuer_url>/.exec(res.text)![1]
    expect(issuer.startsWith(`${sb.url}/apm/`)).toBe(true)
  })
})

describe("capture, cancel, review, refund", () => {
  it("captures an authorised order once; the response is signed and the state moves to paid", async () => {
    const o = await paidOrder()
    expect(sb.inspect.order(o.transaction_id)!.payment_status).toBe("2000")
    const res = await batchCall("capture", [entry(o)])
    const body = CaptureResponse.parse(res.body)
    expect(body).toMatchObject({ return_status: "1", return_message: "OK", merchant_id: M, account_id: AUTH })
    expect(body.capture_orders[0]).toMatchObject({
      capture_status: "1",
      error_message: "",
      transaction_id: o.transaction_id,
      amount: "25.00",
    })
    expect(verify(res.body, OPERATION_TABLE.capture.sign, KEYS[AUTH], res.body.encryption_data)).toBe(true)
    expect(sb.inspect.order(o.transaction_id)).toMatchObject({
      payment_status: "3000",
      query_result: "1",
      state: "paid",
    })

    const again = CaptureResponse.parse((await batchCall("capture", [entry(o)])).body)
    expect(again.return_status).toBe("1")
    expect(again.capture_orders[0].capture_status).toBe("0")
    expect(again.capture_orders[0].error_message).toMatch(/^A0007:/)
    expect(sb.inspect.order(o.transaction_id)!.captured_amount).toBe("25.00")
  })

  it("refuses illegal captures per entry without effect: over the amount, other currency, sale order, after cancel, too late", async () => {
    const a = await paidOrder()
    const sale = await paidOrder(SALE)
    const b = await paidOrder()
    const late = await paidOrder()
    await batchCall("cancel", [entry(b)])
    sb.clock.advance(8 * 24 * 3_600_000) // past the 7-day capture window (a, b, late were authorised before)
    {
      const res = CaptureResponse.parse(
        (
          await batchCall("capture", [
            entry(a, { amount: "25.01" }),
            entry(a, { currency: "EUR" }),
            entry(b),
            entry(late),
          ])
        ).body,
      )
      expect(res.capture_orders.map((e) => [e.capture_status, e.error_message.slice(0, 5)])).toEqual([
        ["0", "A0008"],
        ["0", "I0052"],
        ["0", "A0007"],
        ["0", "A0009"],
      ])
      const saleRes = CaptureResponse.parse((await batchCall("capture", [entry(sale)], SALE)).body)
      expect(saleRes.capture_orders[0].error_message).toMatch(/^A0007:/)
      expect(sb.inspect.order(a.transaction_id)!.state).toBe("authorised")
    }
  })

  it("captures part of an authorisation and refunds only what was captured", async () => {
    const o = await paidOrder()
    const cap = CaptureResponse.parse((await batchCall("capture", [entry(o, { amount: "10.00" })])).body)
    expect(cap.capture_orders[0].capture_status).toBe("1")
    const over = RefundResponse.parse(
      (await batchCall("refund", [entry(o, { refund_amount: "10.01", refund_reason: "x" })])).body,
    )
    expect(over.refund_orders[0]).toMatchObject({ refund_status: "0", refund_reference_id: "" })
    expect(over.refund_orders[0].refund_message).toMatch(/^V0002:/)
  })

  it("finds entries only by an existing transaction_id with its own order_no, on the caller's account", async () => {
    const o = await paidOrder()
    const res = CaptureResponse.parse(
      (
        await batchCall("capture", [
          entry({ transaction_id: "T000", order_no: o.order_no }),
          entry({ ...o, order_no: "OTHER123" }),
        ])
      ).body,
    )
    expect(res.capture_orders.map((e) => e.error_message.slice(0, 5))).toEqual(["I0050", "I0051"])
    const other = CaptureResponse.parse((await batchCall("capture", [entry(o)], SALE)).body)
    expect(other.capture_orders[0].error_message).toMatch(/^I0050:/)
    expect(sb.inspect.order(o.transaction_id)!.state).toBe("authorised")
  })

  it("cancels before capture only; cancel after capture and twice are refused", async () => {
    const o = await paidOrder()
    const first = CancelResponse.parse((await batchCall("cancel", [entry(o)])).body)
    expect(first.cancel_orders[0]).toMatchObject({ cancel_status: "1", error_message: "" })
    expect(sb.inspect.order(o.transaction_id)).toMatchObject({ payment_status: "5000", query_result: "0" })
    const twice = CancelResponse.parse((await batchCall("cancel", [entry(o)])).body)
    expect(twice.cancel_orders[0].error_message).toMatch(/^A0007:/)

    const c = await paidOrder()
    await batchCall("capture", [entry(c)])
    const after = CancelResponse.parse((await batchCall("cancel", [entry(c), entry(c, { amount: "1.00" })])).body)
    expect(after.cancel_orders.map((e) => e.error_message.slice(0, 5))).toEqual(["A0010", "I0053"])
    expect(sb.inspect.order(c.transaction_id)!.payment_status).toBe("3000")
  })

  it("refunds partially then fully with -01/-02 references; over-refund and refund of unpaid orders are refused", async () => {
    const o = await paidOrder(SALE)
    const r1 = RefundResponse.parse(
      (await batchCall("refund", [entry(o, { refund_amount: "5.00", refund_reason: "damaged" })], SALE)).body,
    )
    expect(r1.refund_orders[0]).toMatchObject({
      refund_status: "1",
      refund_message: "V0000:OK",
      refund_reference_id: `${o.transaction_id}-01`,
      refund_amount: "5.00",
      refund_reason: "damaged",
    })
    expect(sb.inspect.order(o.transaction_id)!.payment_status).toBe("4000")
    const r2 = RefundResponse.parse(
      (await batchCall("refund", [entry(o, { refund_amount: "20.00" }), entry(o, { refund_amount: "0.01" })], SALE))
        .body,
    )
    expect(r2.refund_orders[0]).toMatchObject({ refund_status: "1", refund_reference_id: `${o.transaction_id}-02` })
    expect(r2.refund_orders[1].refund_status).toBe("0")
    expect(r2.refund_orders[1].refund_message).toMatch(/^V0001:/)
    expect(sb.inspect.order(o.transaction_id)).toMatchObject({ payment_status: "4100", refunded_amount: "25.00" })

    const unpaid = await paidOrder() // authorised, not captured
    const r3 = RefundResponse.parse((await batchCall("refund", [entry(unpaid, { refund_amount: "1.00" })])).body)
    expect(r3.refund_orders[0].refund_message).toMatch(/^V0001:/)

    const records = await call(sb, "retrievalRefund", { merchant_id: M, account_id: SALE, trades: o.transaction_id })
    const rr = RetrievalRefundResponse.parse(records.body)
    expect(rr.return_status).toBe("1")
    expect(verify(records.body, OPERATION_TABLE.retrievalRefund.sign, KEYS[SALE], records.body.encryption_data)).toBe(
      true,
    )
    expect(rr.refund_orders.map((r) => [r.refund_reference_id, r.refund_amount, r.refund_status])).toEqual([
      [`${o.transaction_id}-01`, "5.00", "1"],
      [`${o.transaction_id}-02`, "20.00", "1"],
    ])
    expect(rr.refund_orders[0].refund_date).toMatch(/^\d{14}$/)
  })

  it("reviews only held orders: accept continues to authorised, reject declines, other flags are refused", async () => {
    const held = await paidOrder(AUTH, "4000000000009235")
    const held2 = await paidOrder(SALE, "4000000000009235")
    const held3 = await paidOrder(AUTH, "4000000000009235")
    expect(sb.inspect.order(held.transaction_id)).toMatchObject({ payment_status: "1100", query_result: "-2" })
    const res = ReviewResponse.parse(
      (
        await batchCall("review", [
          entry(held, { review_flag: "1" }),
          entry(held3, { review_flag: "0" }),
          entry(held3, { review_flag: "2" }),
        ])
      ).body,
    )
    expect(res.review_orders.map((e) => [e.review_status, e.review_flag, e.error_message.slice(0, 5)])).toEqual([
      ["1", "1", ""],
      ["1", "0", ""],
      ["0", "2", "I0054"],
    ])
    expect(sb.inspect.order(held.transaction_id)).toMatchObject({ payment_status: "2000", state: "authorised" })
    expect(sb.inspect.order(held3.transaction_id)).toMatchObject({ payment_status: "6000", query_result: "0" })
    const sale = ReviewResponse.parse((await batchCall("review", [entry(held2, { review_flag: "1" })], SALE)).body)
    expect(sale.review_orders[0].review_status).toBe("1")
    expect(sb.inspect.order(held2.transaction_id)!.payment_status).toBe("3000")
    const notHeld = ReviewResponse.parse((await batchCall("review", [entry(held, { review_flag: "1" })])).body)
    expect(notHeld.review_orders[0].error_message).toMatch(/^R0002:/)
  })
})

describe("limits and retrieval", () => {
  const many = (n: number, extra: Record<string, string> = {}) =>
    Array.from({ length: n }, (_, i) => ({
      transaction_id: `T${i}`,
      order_no: `ORDER${i}`,
      currency: "USD",
      amount: "1.00",
      ...extra,
    }))

  it("I0040 above the batch limits (51 captures, cancels, refunds; 101 reviews); at the limit it answers per entry", async () => {
    expectError(await batchCall("capture", many(51)), 400, E.TOO_MANY_ORDERS, "capture_orders")
    expectError(await batchCall("cancel", many(51)), 400, E.TOO_MANY_ORDERS, "cancel_orders")
    expectError(await batchCall("refund", many(51, { refund_amount: "1.00" })), 400, E.TOO_MANY_ORDERS, "refund_orders")
    expectError(await batchCall("review", many(101, { review_flag: "1" })), 400, E.TOO_MANY_ORDERS, "review_orders")
    const atLimit = CaptureResponse.parse((await batchCall("capture", many(50))).body)
    expect(atLimit.capture_orders).toHaveLength(50)
    expect(atLimit.capture_orders.every((e) => e.error_message.startsWith("I0050:"))).toBe(true)
    expectError(await batchCall("capture", []), 400, E.MISSING_FIELD, "capture_orders")
    expectError(await batchCall("refund", many(1)), 400, E.MISSING_FIELD, "refund_orders[0].refund_amount")
  })

  it("retrievalTrans returns §2.5 records for orders and trades; 101 selected → 4; none → 3; unknown ones are absent", async () => {
    const c = await createCheckout(sb, {
      subscription: { contract_name: "Club", interval: "day", interval_count: "30" },
    })
    sb.shopper.pay(c.transaction_id, { card: "4000000000003220" })
    const waiting = await createCheckout(sb)
    const res = await call(sb, "retrievalTrans", {
      merchant_id: M,
      account_id: AUTH,
      orders: `${c.payload.order_no}, NOSUCH99`,
      trades: `${waiting.transaction_id},${c.transaction_id}`,
    })
    const body = RetrievalTransResponse.parse(res.body)
    expect(body.return_status).toBe("1")
    expect(body.orders_list).toHaveLength(2)
    const rec = body.orders_list.find((r) => r.transaction_id === c.transaction_id)!
    expect(rec).toMatchObject({
      amount: "25.00",
      currency: "USD",
      order_no: c.payload.order_no,
      payment_status: "2000",
      query_result: "-1",
      is3ds: "1",
      shopper_email: "shopper@example.com",
      website: "https://shop.example.com",
      delivery_information: { delivery_city: "London", delivery_country: "GB", delivery_postal_code: "N1 1AA" },
    })
    expect(rec.transaction_date).toMatch(/^\d{14}$/)
    expect(rec.fraud_check_result.length).toBeGreaterThan(0)
    expect(rec.fraud_check_result.every((f) => f.status === "ACCEPT")).toBe(true)
    expect(rec.subscription_result).toMatchObject({
      contract_name: "Club",
      recurring_status: "1",
      recurring_deduction_period: "30 day",
    })
    expect(rec.subscription_result!.recurring_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/)
    expect(rec.subscription_result!.recurring_deduction_time).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(body.orders_list.find((r) => r.transaction_id === waiting.transaction_id)).toMatchObject({
      payment_status: "1000",
      query_result: "-1",
      is3ds: "0",
    })

    const hundredOne = Array.from({ length: 101 }, (_, i) => `ORD${i}X`).join(",")
    const tooMany = await call(sb, "retrievalTrans", { merchant_id: M, account_id: AUTH, orders: hundredOne })
    expect([tooMany.status, tooMany.body.return_status, tooMany.body.orders_list]).toEqual([200, "4", []])
    const split = await call(sb, "retrievalTrans", {
      merchant_id: M,
      account_id: AUTH,
      orders: hundredOne.split(",").slice(0, 60).join(","),
      trades: hundredOne.split(",").slice(0, 41).join(","),
    })
    expect(split.body.return_status).toBe("4")
    const hundred = await call(sb, "retrievalTrans", {
      merchant_id: M,
      account_id: AUTH,
      orders: hundredOne.split(",").slice(1).join(","),
    })
    expect(hundred.body).toMatchObject({ return_status: "1", orders_list: [] })
    expect((await call(sb, "retrievalTrans", { merchant_id: M, account_id: AUTH })).body.return_status).toBe("3")
    expect(
      (await call(sb, "retrievalRefund", { merchant_id: M, account_id: AUTH, orders: hundredOne })).body.return_status,
    ).toBe("4")
    // another account of the merchant does not see the order
    expect(
      (await call(sb, "retrievalTrans", { merchant_id: M, account_id: SALE, trades: c.transaction_id })).body,
    ).toMatchObject({ return_status: "1", orders_list: [] })
  })

  it("retrievalTrans answers return_status 7 to an IP the merchant did not register", async () => {
    const strict = await startSandbox({
      port: 0,
      merchants: [
        { merchant_id: M, registered_ips: ["203.0.113.7"], accounts: [{ account_id: AUTH, sign_key: KEYS[AUTH] }] },
      ],
    })
    try {
      const res = await call(strict, "retrievalTrans", { merchant_id: M, account_id: AUTH, orders: "ORDER1" })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ return_status: "7", return_message: "IP not registered", orders_list: [] })
      // retrievalRefund has no IP rule in the spec
      expect(
        (await call(strict, "retrievalRefund", { merchant_id: M, account_id: AUTH, orders: "ORDER1" })).body,
      ).toMatchObject({ return_status: "1", refund_orders: [] })
    } finally {
      await strict.stop()
    }
  })
})

describe("signature rule overrides", () => {
  it("uses options.signature_fields for an operation", async () => {
    const custom = await startSandbox({ port: 0, signature_fields: { retrievalTrans: ["account_id", "merchant_id"] } })
    try {
      const base = { merchant_id: M, account_id: AUTH, orders: "ORDER1" }
      const swapped = { ...base, encryption_data: sign(base, ["account_id", "merchant_id"], KEYS[AUTH]) }
      expect((await call(custom, "retrievalTrans", swapped)).status).toBe(200)
      expect((await call(custom, "retrievalTrans", base)).status).toBe(401)
    } finally {
      await custom.stop()
    }
  })
})
