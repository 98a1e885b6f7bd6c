import { GatewayApiError, GatewayRequestError, GatewayTimeoutError } from "../errors"
import { ACCOUNTS, echoBatch, makeClient, orders, reply, sha256 } from "./helpers/fake-gateway"

const bodyOf = (b: string) => JSON.parse(b)

describe("batch splitting", () => {
  it("101 refunds → 3 requests of 50/50/1, each signed over its own transaction ids", async () => {
    const { client, calls } = makeClient(echoBatch("refund_orders", "refund_status", { refund_message: "V0000:OK" }))
    const refunds = orders(101).map((o) => ({ ...o, refund_amount: "5.00" }))
    const res = await client.refund({ refund_orders: refunds })
    expect(calls.map((c) => bodyOf(c.body).refund_orders.length)).toEqual([50, 50, 1])
    const ids = refunds.map((r) => r.transaction_id)
    const expected = [ids.slice(0, 50), ids.slice(50, 100), ids.slice(100)].map((part) =>
      sha256("1234567" + "123456701" + part.join("") + "EurKey-Secret1"),
    )
    expect(calls.map((c) => bodyOf(c.body).encryption_data)).toEqual(expected)
    expect(res.requests).toBe(3)
    expect(res.failed).toEqual([])
    expect(res.results.map((r) => r.transaction_id)).toEqual(ids)
    expect(res.responses).toHaveLength(3)
  })

  it("250 reviews → 100/100/50; capture and cancel split at 50", async () => {
    const { client, calls } = makeClient((req) => {
      const op = req.url.split("/v1/")[1]
      const spec: Record<string, [string, string]> = {
        review: ["review_orders", "review_status"],
        capture: ["capture_orders", "capture_status"],
        cancel: ["cancel_orders", "cancel_status"],
      }
      return echoBatch(...spec[op])(req, 0)
    })
    await client.review({ review_orders: orders(250).map((o) => ({ ...o, review_flag: "1" })) })
    await client.capture({ capture_orders: orders(51) })
    await client.cancel({ cancel_orders: orders(100) })
    expect(
      calls.map((c) => [c.url.split("/v1/")[1], Object.values(bodyOf(c.body)).find(Array.isArray)!.length]),
    ).toEqual([
      ["review", 100],
      ["review", 100],
      ["review", 50],
      ["capture", 50],
      ["capture", 1],
      ["cancel", 50],
      ["cancel", 50],
    ])
  })

  it("lower batch_limits are honoured", async () => {
    const { client, calls } = makeClient(echoBatch("capture_orders", "capture_status"), {
      batch_limits: { capture: 20 },
    })
    await client.capture({ capture_orders: orders(45) })
    expect(calls.map((c) => bodyOf(c.body).capture_orders.length)).toEqual([20, 20, 5])
  })

  it("mixed currencies → per-account requests, each signed with that account's key", async () => {
    const { client, calls } = makeClient(echoBatch("capture_orders", "capture_status"))
    const mixed = [
      ...orders(2, "EUR", "E"),
      ...orders(1, "USD", "U"),
      ...orders(1, "GBP", "G"), // bound to the USD account too
      ...orders(1, "JPY", "J"), // no account: the fallback
    ]
    const res = await client.capture({ capture_orders: mixed })
    const sent = calls.map((c) => bodyOf(c.body))
    expect(
      sent.map((b) => [b.account_id, b.capture_orders.map((o: { transaction_id: string }) => o.transaction_id)]),
    ).toEqual([
      [ACCOUNTS.eur.account_id, ["E0001", "E0002"]],
      [ACCOUNTS.usd.account_id, ["U0001", "G0001"]],
      [ACCOUNTS.fallback.account_id, ["J0001"]],
    ])
    expect(sent[1].encryption_data).toBe(sha256("1234567" + "123456702" + "U0001G0001" + "UsdKey-Secret2"))
    expect(sent[2].encryption_data).toBe(sha256("1234567" + "123456703" + "J0001" + "FbKey-Secret3"))
    expect(res.responses.map((r) => r.account_id)).toEqual(["123456701", "123456702", "123456703"])
  })

  it("CallOptions.account_id sends every order through that account", async () => {
    const { client, calls } = makeClient(echoBatch("cancel_orders", "cancel_status"))
    await client.cancel(
      { cancel_orders: [...orders(1, "EUR"), ...orders(1, "USD", "U")] },
      { account_id: ACCOUNTS.fallback.account_id },
    )
    expect(calls).toHaveLength(1)
    expect(bodyOf(calls[0].body).account_id).toBe(ACCOUNTS.fallback.account_id)
  })

  it("a failed request lands in `failed`; the other requests still go and their results are kept", async () => {
    const { client, calls } = makeClient(
      (req, n) => {
        if (n === 1) return reply({ code: "S0001", source: "", message: "system busy" }, 503)
        if (n === 2) return "hang"
        return echoBatch("capture_orders", "capture_status")(req, n)
      },
      { timeout_ms: 50 },
    )
    const all = orders(160)
    const res = await client.capture({ capture_orders: all })
    expect(calls).toHaveLength(4) // not retried: capture is not idempotent
    expect(res.requests).toBe(4)
    expect(res.results.map((r) => r.transaction_id)).toEqual(
      [...all.slice(0, 50), ...all.slice(150)].map((o) => o.transaction_id),
    )
    expect(res.failed).toHaveLength(2)
    expect(res.failed[0].orders).toEqual(all.slice(50, 100))
    expect(res.failed[0].error).toBeInstanceOf(GatewayApiError)
    expect(res.failed[0].error).toMatchObject({ code: "S0001", status: 503 })
    expect(res.failed[1].orders).toEqual(all.slice(100, 150))
    expect(res.failed[1].error).toBeInstanceOf(GatewayTimeoutError)
  })

  it("empty batch: no request, empty result", async () => {
    const { client, calls } = makeClient(() => reply("unused"))
    expect(await client.refund({ refund_orders: [] })).toEqual({ results: [], responses: [], failed: [], requests: 0 })
    expect(calls).toHaveLength(0)
  })

  it("one bad order stops the batch before anything is sent, naming its path", async () => {
    const { client, calls } = makeClient(echoBatch("capture_orders", "capture_status"))
    const list = orders(60)
    list[53] = { ...list[53], amount: "10.5" }
    const err = await client.capture({ capture_orders: list }).catch((e) => e)
    expect(err).toBeInstanceOf(GatewayRequestError)
    expect(err.source).toBe("capture_orders[53].amount")
    expect(err.message).toMatch(/two decimals/)
    expect(calls).toHaveLength(0)
  })

  it("an order whose currency has no account and no fallback is refused before sending", async () => {
    const { client, calls } = makeClient(echoBatch("capture_orders", "capture_status"), {
      accounts: [ACCOUNTS.eur, ACCOUNTS.usd],
    })
    const err = await client.capture({ capture_orders: [...orders(1), ...orders(1, "JPY")] }).catch((e) => e)
    expect(err).toBeInstanceOf(GatewayRequestError)
    expect(err.source).toBe("capture_orders[1].currency")
    expect(calls).toHaveLength(0)
  })
})
