import { OPERATIONS, type Operation } from "../../gateway/operations-table"
import { CaptureResponse, PayoutResponse, RetrievalTransResponse } from "../../gateway/schemas"
import { DOCUMENTED_ANSWER_TYPES, PRESETS } from "../dialect"
import { startSandbox, type SandboxOptionsInput, type Sandbox } from "../index"
import { AUTH, M, SALE, call, createCheckout, payloadFor, startReceiver, waitFor } from "./helpers"

/**
 * The readings of what the document leaves "not shown", each played over HTTP in both of its values,
 * the one-word preset that sets them, and the content type of every answer.
 */
const started: Sandbox[] = []
async function sandbox(options: SandboxOptionsInput = {}): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, seed: 21, ...options })
  started.push(sb)
  return sb
}
afterEach(() => Promise.all(started.splice(0).map((sb) => sb.stop())))

/** An authorised card order awaiting capture (25.00 USD). */
async function authorised(sb: Sandbox) {
  const c = await createCheckout(sb)
  sb.shopper.pay(c.transaction_id)
  return { transaction_id: c.transaction_id, order_no: String(c.payload.order_no) }
}

const retrieve = async (sb: Sandbox, selection: Record<string, string>) =>
  RetrievalTransResponse.parse(
    (await call(sb, "retrievalTrans", { merchant_id: M, account_id: AUTH, ...selection })).body,
  )

describe("dialect preset", () => {
  it("documented by default; legacy sets every engine reading; explicit sub-options win over the preset", async () => {
    expect((await sandbox()).dialect).toMatchObject({
      preset: "documented",
      notifications: { dialect: "snake_case", signature_case: "upper" },
      readings: { unknown_order: "absent", partial_capture: "allowed", payout_amounts: "minor" },
    })
    const legacy = await sandbox({ dialect: "legacy" })
    expect(legacy.dialect).toMatchObject({
      preset: "legacy",
      notifications: { dialect: "legacy", signature_case: "lower" },
      readings: { unknown_order: "query_result_2", partial_capture: "allowed", payout_amounts: "major" },
    })
    expect(legacy.options.notifications).toMatchObject({ dialect: "legacy", signature_case: "lower" })
    const mixed = await sandbox({
      dialect: "legacy",
      notifications: { signature_case: "upper" },
      readings: { payout_amounts: "minor", partial_capture: "refused" },
    })
    expect(mixed.dialect).toMatchObject({
      notifications: { dialect: "legacy", signature_case: "upper" },
      readings: { unknown_order: "query_result_2", partial_capture: "refused", payout_amounts: "minor" },
    })
    expect(PRESETS.documented.readings.partial_capture).toBe(PRESETS.legacy.readings.partial_capture)
    await expect(startSandbox({ dialect: "engine" } as never)).rejects.toThrow(/Invalid sandbox option dialect/)
  })
})

describe("readings.unknown_order", () => {
  it("absent (documented): an unknown order or trade is left out of orders_list, return_status 1", async () => {
    const sb = await sandbox()
    const known = await authorised(sb)
    const byOrder = await retrieve(sb, { orders: `${known.order_no},NOSUCHORDER1` })
    expect(byOrder.return_status).toBe("1")
    expect(byOrder.orders_list.map((o) => o.order_no)).toEqual([known.order_no])
    expect((await retrieve(sb, { trades: "T404" })).orders_list).toEqual([])
  })

  it("query_result_2 (legacy): each unknown order or trade is an entry with query_result 2", async () => {
    const sb = await sandbox({ dialect: "legacy" })
    const known = await authorised(sb)
    const byOrder = await retrieve(sb, { orders: `${known.order_no},NOSUCHORDER1` })
    expect(byOrder.return_status).toBe("1")
    expect(byOrder.orders_list).toHaveLength(2)
    expect(byOrder.orders_list[0]).toMatchObject({ order_no: known.order_no, query_result: "-1" })
    expect(byOrder.orders_list[1]).toMatchObject({
      order_no: "NOSUCHORDER1",
      transaction_id: "",
      query_result: "2",
      amount: "",
      payment_status: "",
    })
    const byTrade = await retrieve(sb, { trades: "T404,T404" }) // asked twice, listed once
    expect(byTrade.orders_list).toEqual([expect.objectContaining({ transaction_id: "T404", query_result: "2" })])
  })
})

describe("readings.partial_capture", () => {
  const capture = async (sb: Sandbox, o: { transaction_id: string; order_no: string }, amount: string) =>
    CaptureResponse.parse(
      (
        await call(sb, "capture", {
          merchant_id: M,
          account_id: AUTH,
          capture_orders: [{ ...o, currency: "USD", amount }],
        })
      ).body,
    ).capture_orders[0]

  it("refused: a capture below the authorised amount is A0011 and nothing moves; the full amount passes", async () => {
    const sb = await sandbox({ readings: { partial_capture: "refused" } })
    const o = await authorised(sb)
    const partial = await capture(sb, o, "10.00")
    expect(partial.capture_status).toBe("0")
    expect(partial.error_message).toMatch(/^A0011:partial capture is not allowed: capture the full authorised amount/)
    expect(sb.inspect.order(o.transaction_id)!.payment_status).toBe("2000")
    const full = await capture(sb, o, "25.00")
    expect([full.capture_status, full.error_message]).toEqual(["1", ""])
    expect(sb.inspect.order(o.transaction_id)!.payment_status).toBe("3000")
  })

  it("allowed (both presets): the partial capture passes and the rest is released", async () => {
    const sb = await sandbox({ dialect: "legacy" })
    const o = await authorised(sb)
    expect(await capture(sb, o, "10.00")).toMatchObject({ capture_status: "1", error_message: "" })
    expect(sb.inspect.order(o.transaction_id)).toMatchObject({ payment_status: "3000" })
  })
})

describe("readings.payout_amounts", () => {
  const payout = async (sb: Sandbox, payment_amount: string, fee_paid_by?: string) =>
    PayoutResponse.parse(
      (
        await call(sb, "payout", {
          ...payloadFor("payout"),
          request_id: crypto.randomUUID(),
          payment_amount,
          ...(fee_paid_by ? { fee_paid_by } : {}),
        })
      ).body,
    )

  it("the same payout request amount in whole units (major) or hundredths (minor)", async () => {
    const major = await sandbox({ readings: { payout_amounts: "major" } })
    const minor = await sandbox({ readings: { payout_amounts: "minor" } })
    // default fee: 1.00 + 0.5 % → 1.50 on 100.00
    expect(await payout(major, "100.00", "PAYER")).toMatchObject({
      amount_beneficiary_receives: 100,
      fee_amount: 2, // 1.50 rounded half up
      amount_payer_pays: 102,
    })
    expect(await payout(minor, "100.00", "PAYER")).toMatchObject({
      amount_beneficiary_receives: 10_000,
      fee_amount: 150,
      amount_payer_pays: 10_150,
    })
    // the beneficiary pays the fee: receives = amount − fee in either unit
    expect(await payout(major, "250.00")).toMatchObject({
      amount_payer_pays: 250,
      fee_amount: 2,
      amount_beneficiary_receives: 248,
    })
    expect(await payout(minor, "250.00")).toMatchObject({
      amount_payer_pays: 25_000,
      fee_amount: 225,
      amount_beneficiary_receives: 24_775,
    })
  })

  it("the presets: documented minor (the plugin's default unit), legacy major", async () => {
    expect((await payout(await sandbox(), "100.00", "PAYER")).amount_beneficiary_receives).toBe(10_000)
    expect((await payout(await sandbox({ dialect: "legacy" }), "100.00", "PAYER")).amount_beneficiary_receives).toBe(
      100,
    )
  })
})

describe("notification retries (schedule: retry-schedule.unit.spec.ts)", () => {
  it("a notify_url that never answers 2xx is retried until retry_for_ms, then the notification is failed", async () => {
    const down = await startReceiver(Array(100).fill(500))
    try {
      const sb = await sandbox({
        notifications: { initial_delay_ms: 1, backoff_base_ms: 10, backoff_max_ms: 40, jitter: 0, retry_for_ms: 200 },
      })
      const c = await createCheckout(sb, { notify_url: down.url }, SALE)
      sb.shopper.pay(c.transaction_id)
      await waitFor(() => sb.notifications.list()[0]?.state === "failed", 5_000)
      const rec = sb.notifications.list()[0]
      // 0, 10, 30, 70, 110, 150, 190 ms after the first (planned time; the next, 230, would pass 200):
      // stopped by the time bound, not by max_attempts (60).
      expect(rec.attempts).toHaveLength(7)
      expect(down.received).toHaveLength(7)
    } finally {
      await down.close()
    }
  })
})

describe("content types (gateway-interface.md §4)", () => {
  it.each(OPERATIONS)("%s answers with the documented content type", async (op: Operation) => {
    const sb = await sandbox()
    const res = await call(sb, op, payloadFor(op))
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toBe(`${DOCUMENTED_ANSWER_TYPES[op]}; charset=utf-8`)
  })

  it("a refused request answers JSON {code, source, message}, whatever the operation", async () => {
    const sb = await sandbox()
    for (const op of OPERATIONS) {
      const res = await call(sb, op, { merchant_id: M, account_id: AUTH, encryption_data: "0".repeat(64) })
      expect([op, res.status >= 400, res.headers.get("content-type")]).toEqual([
        op,
        true,
        "application/json; charset=utf-8",
      ])
      expect(res.body).toEqual(expect.objectContaining({ code: expect.stringMatching(/^[A-Z]\d{4}$/) }))
    }
  })
})
