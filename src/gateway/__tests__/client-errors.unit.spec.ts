import {
  GatewayApiError,
  GatewayBadResponseError,
  GatewayIpNotRegisteredError,
  GatewayLimitExceededError,
  GatewayNetworkError,
  GatewayOptionsError,
  GatewayRequestError,
  GatewaySignatureError,
  GatewayTimeoutError,
  type GatewayError,
} from "../errors"
import { createGatewayClient } from "../client"
import { backoffMs } from "../transport"
import {
  ACCOUNTS,
  fixture,
  fixtureJson,
  makeClient,
  orders,
  reply,
  sha256,
  type Responder,
} from "./helpers/fake-gateway"

const fail = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a rejection")
    },
    (e: GatewayError) => e,
  )
const retrieval = fixtureJson("retrieval-trans-response.json")
const query = (respond: Responder, extra = {}) => makeClient(respond, extra)

describe("error kinds", () => {
  it("api: {code, source, message} with 4xx → GatewayApiError carrying all four", async () => {
    const { client } = query(() => reply(fixture("error-body.json"), 400, "application/json"))
    const err = await fail(client.payout(fixtureJson("payout-request.json")))
    expect(err).toBeInstanceOf(GatewayApiError)
    expect(err).toMatchObject({
      kind: "api",
      code: "I0002",
      source: "capture_orders[0].amount",
      status: 400,
      operation: "payout",
    })
    expect(err.message).toContain("amount does not match the order")
  })

  it("error codes I0070 / I0040 / I0013 map to their kinds", async () => {
    const cases: Array<[string, new (...a: never[]) => GatewayError]> = [
      ["I0070", GatewayIpNotRegisteredError],
      ["I0040", GatewayLimitExceededError],
      ["I0013", GatewaySignatureError],
    ]
    for (const [code, Cls] of cases) {
      const { client } = query(() => reply({ code, source: "", message: "x" }, 403))
      const err = await fail(client.retrieveTransactions({ orders: ["ORD10001"] }))
      expect(err).toBeInstanceOf(Cls)
      expect(err.code).toBe(code)
    }
  })

  it("a 200 whose return_status is not 1: 7 / 4 / 6 map to kinds, others are api errors with that code", async () => {
    const cases: Array<[string, new (...a: never[]) => GatewayError]> = [
      ["7", GatewayIpNotRegisteredError],
      ["4", GatewayLimitExceededError],
      ["6", GatewaySignatureError],
      ["2", GatewayApiError],
    ]
    for (const [status, Cls] of cases) {
      const { client } = query(() =>
        reply({ ...retrieval, return_status: status, return_message: "order not found", orders_list: [] }),
      )
      const err = await fail(client.retrieveTransactions({ trades: ["T1"] }))
      expect(err).toBeInstanceOf(Cls)
      expect(err).toMatchObject({ code: status, source: "return_status", status: 200 })
    }
    const { client } = query(() => reply({ ...retrieval, return_status: "2", return_message: "order not found" }))
    expect((await fail(client.retrieveRefunds({ trades: ["T1"] }))).message).toContain("order not found")
  })

  it("an error body inside a 200, and a 5xx without one, are api errors", async () => {
    const a = query(() => reply({ code: "I0061", source: "order_no", message: "duplicate order number" }))
    expect(await fail(a.client.payout(fixtureJson("payout-request.json")))).toMatchObject({
      kind: "api",
      code: "I0061",
      source: "order_no",
    })
    const b = query(() => reply("<html>Bad gateway</html>", 502, "text/html"))
    expect(await fail(b.client.payout(fixtureJson("payout-request.json")))).toMatchObject({
      kind: "api",
      code: "HTTP_502",
      status: 502,
    })
  })

  it("timeout: no answer within timeout_ms → GatewayTimeoutError", async () => {
    const { client } = query(() => "hang", { timeout_ms: 30 })
    const err = await fail(client.payout(fixtureJson("payout-request.json")))
    expect(err).toBeInstanceOf(GatewayTimeoutError)
    expect(err.message).toContain("30 ms")
  })

  it("network: connection refused → GatewayNetworkError with the cause code; a caller abort is not a timeout", async () => {
    const a = query(() => "refuse")
    expect(await fail(a.client.payout(fixtureJson("payout-request.json")))).toMatchObject({
      kind: "network",
      code: "ECONNREFUSED",
    })
    const ctl = new AbortController()
    const b = query(() => {
      setTimeout(() => ctl.abort(), 5)
      return "hang"
    })
    const err = await fail(b.client.payout(fixtureJson("payout-request.json"), { signal: ctl.signal }))
    expect(err).toBeInstanceOf(GatewayNetworkError)
    expect(err.code).toBe("ABORTED")
  })

  it("bad_response names the offending field of the answer", async () => {
    const bad = structuredClone(retrieval)
    bad.orders_list[0].transaction_date = "2024-01-01"
    const a = query(() => reply(bad))
    const e1 = await fail(a.client.retrieveTransactions({ orders: ["ORD10001"] }))
    expect(e1).toBeInstanceOf(GatewayBadResponseError)
    expect(e1.source).toBe("orders_list[0].transaction_date")

    const b = query(() => reply(fixture("authorise-response.xml").replace(/<issuer_url>.*<\/issuer_url>/, "")))
    const authoriseReq = { order_no: "ORD10002", currency: "EUR", amount: "30.00", payment_method: "PIX" }
    expect(await fail(b.client.authorise(authoriseReq))).toMatchObject({ kind: "bad_response", source: "issuer_url" })

    const c = query(() => reply(fixture("authorise-response.xml").replace(/respon>/g, "response>")))
    expect(await fail(c.client.authorise(authoriseReq))).toMatchObject({ kind: "bad_response", source: "response" })

    const d = query(() => reply("{not json", 200, "application/json"))
    expect(await fail(d.client.payout(fixtureJson("payout-request.json")))).toMatchObject({
      kind: "bad_response",
      source: "body",
    })

    const e = query(() => reply({ ok: true }))
    expect(await fail(e.client.checkout(fixtureJson("checkout-request.json")))).toMatchObject({
      kind: "bad_response",
      source: "form",
    })

    const f = query(() =>
      reply({
        ...fixtureJson("capture-response.json"),
        capture_orders: [{ transaction_id: "T1", order_no: "O", currency: "EUR", amount: "1.00" }],
      }),
    )
    const res = await f.client.capture({ capture_orders: orders(1) })
    expect(res.failed[0].error).toMatchObject({ kind: "bad_response", source: "capture_orders[0].capture_status" })
  })

  it("invalid_request: refused before sending, naming the field", async () => {
    const { client, calls } = query(() => reply("unused"))
    const req = fixtureJson("checkout-request.json")
    const cases: Array<[Promise<unknown>, string]> = [
      [client.checkout({ ...req, amount: "12.40" }), "amount"],
      [client.checkout({ ...req, account_id: "123456701" } as never), "account_id"],
      [client.checkout({ ...req, shiping: "1.00" } as never), "shiping"],
      [client.checkout({ ...req, order_no: "ORD-1" }), "order_no"],
      [client.checkout(req, { account_id: "999" }), "account_id"],
      [client.refund({ refund_orders: [{ ...orders(1)[0], refund_amount: "1" }] }), "refund_orders[0].refund_amount"],
      [client.capture({} as never), "capture_orders"],
      [client.retrieveTransactions({ orders: ["A,B"] }), "orders[0]"],
      [client.retrieveTransactions({}), "request"],
      [client.payout({ ...fixtureJson("payout-request.json"), request_id: "nope" }), "request_id"],
    ]
    for (const [p, source] of cases) {
      const err = await fail(p)
      expect(err).toBeInstanceOf(GatewayRequestError)
      expect(err.source).toBe(source)
    }
    expect(calls).toHaveLength(0)
  })

  it("invalid_options: construction fails naming the option", () => {
    const base = { merchant_id: "1234567", test_base_url: "https://gw.test", accounts: [ACCOUNTS.eur] }
    const cases: Array<[object, string]> = [
      [{ ...base, test_base_url: undefined }, "test_base_url"],
      [{ ...base, accounts: [{ ...ACCOUNTS.eur, sign_key: "" }] }, "accounts[0].sign_key"],
      [{ ...base, batch_limits: { capture: 60 } }, "batch_limits.capture"],
      [{ ...base, accounts: [ACCOUNTS.fallback, { ...ACCOUNTS.fallback, account_id: "2" }] }, "accounts"],
      [{ ...base, notification_signature_fields: [] }, "notification_signature_fields"],
      [{ ...base, require_notification_signature: "yes" }, "require_notification_signature"],
      [{ ...base, hosted_page_origins: ["javascript:alert(1)"] }, "hosted_page_origins[0]"],
    ]
    for (const [opts, source] of cases) {
      let err: unknown
      try {
        createGatewayClient(opts as never)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(GatewayOptionsError)
      expect((err as GatewayError).source).toBe(source)
    }
  })
})

describe("retries: only the two retrievals", () => {
  it("retrieveTransactions retries connection errors, timeouts and 5xx, then succeeds", async () => {
    const { client, calls } = query((_, n) => (n === 0 ? "refuse" : n === 1 ? "hang" : reply(retrieval)), {
      timeout_ms: 30,
    })
    const res = await client.retrieveTransactions({ orders: ["ORD10001"] })
    expect(calls).toHaveLength(3)
    expect(res.orders_list[0].order_no).toBe("ORD10001")
    expect(calls.every((c) => c.body === calls[0].body)).toBe(true)
  })

  it("retrieveRefunds gives up after query_retries and throws the last error", async () => {
    const { client, calls } = query(() => reply({ code: "S0001", source: "", message: "busy" }, 503), {
      query_retries: 3,
    })
    expect(await fail(client.retrieveRefunds({ trades: ["T1"] }))).toMatchObject({ kind: "api", status: 503 })
    expect(calls).toHaveLength(4)
  })

  it("a 4xx answer and a return_status error are not retried", async () => {
    const a = query(() => reply(fixture("error-body.json"), 400))
    await fail(a.client.retrieveTransactions({ orders: ["ORD10001"] }))
    expect(a.calls).toHaveLength(1)
    const b = query(() => reply({ ...retrieval, return_status: "7" }))
    await fail(b.client.retrieveTransactions({ orders: ["ORD10001"] }))
    expect(b.calls).toHaveLength(1)
  })

  it("a capture or payout that times out is NOT retried", async () => {
    const { client, calls } = query(() => "hang", { timeout_ms: 30 })
    const res = await client.capture({ capture_orders: orders(1) })
    expect(res.failed[0].error).toBeInstanceOf(GatewayTimeoutError)
    expect(calls).toHaveLength(1)
    await fail(client.payout(fixtureJson("payout-request.json")))
    expect(calls).toHaveLength(2)
  })

  it("back-off doubles per attempt, is capped, and half of it is jitter", () => {
    expect(backoffMs(0, 100, 1_000, () => 0)).toBe(50)
    expect(backoffMs(0, 100, 1_000, () => 1)).toBe(100)
    expect(backoffMs(3, 100, 1_000, () => 1)).toBe(800)
    expect(backoffMs(3, 100, 1_000, () => 0.5)).toBe(600)
    expect(backoffMs(10, 100, 1_000, () => 1)).toBe(1_000)
  })
})

describe("response signatures (only where a rule is configured)", () => {
  const rule = {
    capture: ["merchant_id", "account_id", "capture_orders[].transaction_id"],
    retrievalRefund: ["merchant_id", "account_id"],
  }
  const captured = (sig: string) => () => reply({ ...fixtureJson("capture-response.json"), encryption_data: sig })

  it("verifies a matching signature, upper-case hex included", async () => {
    const good = sha256("1234567" + "123456701" + "T100001T100002" + "EurKey-Secret1")
    for (const sig of [good, good.toUpperCase()]) {
      const { client } = query(captured(sig), { response_signature_fields: rule })
      const res = await client.capture({ capture_orders: orders(2) })
      expect(res.failed).toEqual([])
      expect(res.results).toHaveLength(2)
    }
  })

  it("a mismatch is a signature error (in `failed` for batches, thrown for queries, never retried)", async () => {
    const wrong = sha256("1234567" + "123456701" + "T100001" + "EurKey-Secret1")
    const a = query(captured(wrong), { response_signature_fields: rule })
    const res = await a.client.capture({ capture_orders: orders(2) })
    expect(res.failed[0].error).toBeInstanceOf(GatewaySignatureError)
    expect(res.failed[0].error.source).toBe("encryption_data")

    const b = query(() => reply({ ...fixtureJson("retrieval-refund-response.json"), encryption_data: wrong }), {
      response_signature_fields: rule,
    })
    expect(await fail(b.client.retrieveRefunds({ trades: ["T100001"] }, { account_id: "123456701" }))).toBeInstanceOf(
      GatewaySignatureError,
    )
    expect(b.calls).toHaveLength(1)
  })

  it("without a rule the echoed encryption_data is not checked", async () => {
    const { client } = query(captured(sha256("anything")))
    expect((await client.capture({ capture_orders: orders(2) })).failed).toEqual([])
  })
})
