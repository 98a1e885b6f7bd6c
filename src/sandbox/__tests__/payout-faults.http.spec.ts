import { randomUUID } from "node:crypto"
import { OPERATION_TABLE } from "../../gateway/operations-table"
import { ERROR_CODES as E } from "../../gateway/status-codes"
import { PayoutResponse } from "../../gateway/schemas"
import { verify } from "../../gateway/signing"
import { startSandbox, type Sandbox } from "../index"
import {
  AUTH,
  FAST_NOTIFY,
  KEYS,
  M,
  SALE,
  call,
  createCheckout,
  post,
  sandboxSuite,
  waitFor,
  type Receiver,
} from "./helpers"

let sb: Sandbox
let receiver: Receiver
sandboxSuite(
  {
    seed: 42,
    refund_processing_ms: 400, // long enough to observe status 2 on a loaded machine
    payout: { processing_ms: 0, fee_fixed_minor: 150, fee_rate_bp: 100 },
    // The fee cases below are checked to the cent: the minor-unit reading (payout-readings.http.spec.ts has major).
    readings: { payout_amounts: "minor" },
  },
  (s) => ({ sb, receiver } = s),
)
afterEach(() => sb.faults.clear())

function payoutBody(extra: Record<string, unknown> = {}) {
  return {
    merchant_id: M,
    account_id: AUTH,
    request_id: randomUUID(),
    payment_amount: "100.00",
    payment_currency: "EUR",
    payment_date: "2025-01-31",
    payment_method: "SWIFT",
    fee_paid_by: "PAYER",
    swift_charge_option: "SHARED",
    fund_source: "DepositAccount",
    reason: "Supplier invoice",
    reference: "INV42",
    notify_url: receiver.url,
    beneficiary: {
      first_name: "Grace",
      last_name: "Hopper",
      entity_type: "COMPANY",
      company_name: "Hopper Ltd",
      additional_info: { personal_email: "grace@example.com" },
      address: { city: "Berlin", country_code: "DE" },
      bank_details: {
        account_name: "Hopper Ltd",
        iban: "DE89370400440532013000",
        swift_code: "COBADEFFXXX",
        bank_code: "37040044",
        bank_country_code: "DE",
      },
    },
    payer: { company_name: "Shop GmbH", entity_type: "COMPANY", additional_info: { job: "owner" } },
    ...extra,
  }
}

describe("payouts (spec §2.8)", () => {
  it("computes fees in minor units, echoes without bank_code/additional_info, completes and notifies", async () => {
    const body = payoutBody()
    const res = await call(sb, "payout", body)
    expect(res.status).toBe(200)
    const p = PayoutResponse.parse(res.body)
    // fee = 150 + 1% of 10000 = 250; PAYER pays amount + fee
    expect(p).toMatchObject({
      status: "COMPLETED",
      fee_amount: 250,
      fee_currency: "EUR",
      amount_payer_pays: 10_250,
      amount_beneficiary_receives: 10_000,
      failure_type: "",
      failure_reason: "",
    })
    expect(p.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/)
    expect(res.body.beneficiary.bank_details).not.toHaveProperty("bank_code")
    expect(res.body.beneficiary.bank_details).toMatchObject({
      iban: "DE89370400440532013000",
      local_clearing_system: "SWIFT",
    })
    expect(res.body.beneficiary).not.toHaveProperty("additional_info")
    expect(res.body.payer).not.toHaveProperty("additional_info")
    expect(verify(res.body, OPERATION_TABLE.payout.sign, KEYS[AUTH], res.body.encryption_data)).toBe(true)
    await waitFor(() => receiver.received.some((r) => r.body.request_id === body.request_id))
    expect(receiver.received.find((r) => r.body.request_id === body.request_id)!.body).toMatchObject({
      notify_type: "payout",
      status: "COMPLETED",
      order_status: "1",
      amount: "100.00",
    })
  })

  it("the beneficiary pays the fee unless fee_paid_by is PAYER; a fee above the amount is refused", async () => {
    const p = PayoutResponse.parse(
      (await call(sb, "payout", payoutBody({ fee_paid_by: "BENEFICIARY", payment_amount: "10.05" }))).body,
    )
    // fee = 150 + round(1005 × 1%) = 150 + 10 = 160
    expect(p).toMatchObject({ fee_amount: 160, amount_payer_pays: 1005, amount_beneficiary_receives: 845 })
    const tooSmall = await call(sb, "payout", payoutBody({ fee_paid_by: "BENEFICIARY", payment_amount: "1.50" }))
    expect(tooSmall.status).toBe(400)
    expect(tooSmall.body).toMatchObject({ code: E.INVALID_FIELD, source: "payment_amount" })
  })

  it("fails for the FAIL last name and for a listed IBAN with failure_type and failure_reason", async () => {
    const byName = PayoutResponse.parse(
      (await call(sb, "payout", payoutBody({ beneficiary: { last_name: "Fail" } }))).body,
    )
    expect(byName).toMatchObject({ status: "FAILED", failure_type: "BENEFICIARY_REJECTED" })
    expect(byName.failure_reason.length).toBeGreaterThan(5)
    const byIban = PayoutResponse.parse(
      (await call(sb, "payout", payoutBody({ beneficiary: { bank_details: { iban: "GB00 FAIL 0000 0000 0000 00" } } })))
        .body,
    )
    expect(byIban).toMatchObject({ status: "FAILED", failure_type: "INVALID_ACCOUNT" })
  })

  it("is idempotent on request_id: same body → same payout, no second effect; different body → I0062", async () => {
    const body = payoutBody()
    const first = await call(sb, "payout", body)
    const again = await call(sb, "payout", body)
    expect(again.body.transaction_id).toBe(first.body.transaction_id)
    expect(sb.inspect.payouts().filter((p) => p.request_id === body.request_id)).toHaveLength(1)
    await sb.notifications.settle()
    expect(receiver.received.filter((r) => r.body.request_id === body.request_id)).toHaveLength(1)
    const changed = await call(sb, "payout", { ...body, payment_amount: "100.01" })
    expect(changed.status).toBe(409)
    expect(changed.body).toMatchObject({ code: "I0062", source: "request_id" })
  })

  it("validates §2.8 fields: request_id must be a UUID, beneficiary is required", async () => {
    const bad = await call(sb, "payout", payoutBody({ request_id: "not-a-uuid" }))
    expect(bad.body).toMatchObject({ code: E.INVALID_FIELD, source: "request_id" })
    const { beneficiary: _b, ...noBeneficiary } = payoutBody()
    expect((await call(sb, "payout", noBeneficiary)).body).toMatchObject({
      code: E.MISSING_FIELD,
      source: "beneficiary",
    })
  })

  it("with processing_ms it answers PENDING and completes later", async () => {
    const slow = await startSandbox({ port: 0, payout: { processing_ms: 20 }, notifications: FAST_NOTIFY })
    try {
      const body = payoutBody()
      const res = PayoutResponse.parse((await call(slow, "payout", body)).body)
      expect(res.status).toBe("PENDING")
      await waitFor(() => slow.inspect.payouts()[0]?.status === "COMPLETED")
      expect(PayoutResponse.parse((await call(slow, "payout", body)).body).status).toBe("COMPLETED")
    } finally {
      await slow.stop()
    }
  })
})

describe("refund processing and the portal", () => {
  it("a refund is processing (2) first, then refunded (1) with a processing date and a refund notification", async () => {
    const c = await createCheckout(sb, { notify_url: receiver.url }, SALE)
    sb.shopper.pay(c.transaction_id)
    const entry = {
      transaction_id: c.transaction_id,
      order_no: String(c.payload.order_no),
      currency: "USD",
      amount: "25.00",
      refund_amount: "25.00",
    }
    const res = await call(sb, "refund", { merchant_id: M, account_id: SALE, refund_orders: [entry] })
    expect(res.body.refund_orders[0]).toMatchObject({ refund_status: "2", refund_message: "V0000:OK" })
    const first = await call(sb, "retrievalRefund", { merchant_id: M, account_id: SALE, orders: entry.order_no })
    expect(first.body.refund_orders[0]).toMatchObject({ refund_status: "2", refund_processing_date: "" })
    await waitFor(() =>
      receiver.received.some((r) => r.body.notify_type === "refund" && r.body.transaction_id === c.transaction_id),
    )
    const later = await call(sb, "retrievalRefund", { merchant_id: M, account_id: SALE, orders: entry.order_no })
    expect(later.body.refund_orders[0].refund_status).toBe("1")
    expect(later.body.refund_orders[0].refund_processing_date).toMatch(/^\d{14}$/)
    const n = receiver.received.find(
      (r) => r.body.notify_type === "refund" && r.body.transaction_id === c.transaction_id,
    )!.body
    expect(n).toMatchObject({
      refund_reference_id: `${c.transaction_id}-01`,
      refund_amount: "25.00",
      refund_status: "1",
      payment_status: "4100",
    })
  })

  it("portal actions change state outside the API and show up in retrievalTrans", async () => {
    const c = await createCheckout(sb)
    sb.shopper.pay(c.transaction_id)
    sb.portal.capture(c.transaction_id)
    const v = sb.portal.refund(c.transaction_id, "5.00")
    expect(v).toMatchObject({ state: "partially_refunded", payment_status: "4000" })
    expect(v.history.map((h) => h.by)).toEqual(["shopper", "portal", "portal"])
    const rec = await call(sb, "retrievalTrans", {
      merchant_id: M,
      account_id: AUTH,
      orders: String(c.payload.order_no),
    })
    expect(rec.body.orders_list[0].payment_status).toBe("4000")
    expect(() => sb.portal.cancel(c.transaction_id)).toThrow(/A0010/)
    // the admin endpoint does the same over HTTP
    const d = await createCheckout(sb)
    const paid = await post(
      `${sb.url}/__sandbox/pay`,
      JSON.stringify({ order_no: d.payload.order_no, card: "4000000000000002" }),
    )
    expect(paid.body).toMatchObject({ state: "declined", card_last4: "0002" })
  })
})

describe("faults", () => {
  const query = () => call(sb, "retrievalTrans", { merchant_id: M, account_id: AUTH, orders: "NOSUCH1" })

  it("error: the next N requests answer 5xx, then normal service resumes", async () => {
    sb.faults.add({ target: "retrievalTrans", kind: "error", status: 502, count: 2 })
    expect((await query()).status).toBe(502)
    expect((await query()).body).toMatchObject({ code: "S0001" })
    expect((await query()).status).toBe(200)
    expect(sb.faults.list()).toHaveLength(0)
  })

  it("error after effect: the capture happens but the answer is lost; a retry sees A0007", async () => {
    const c = await createCheckout(sb)
    sb.shopper.pay(c.transaction_id)
    sb.faults.add({ target: "capture", kind: "error", after_effect: true, count: 1 })
    const entry = {
      transaction_id: c.transaction_id,
      order_no: String(c.payload.order_no),
      currency: "USD",
      amount: "25.00",
    }
    const first = await call(sb, "capture", { merchant_id: M, account_id: AUTH, capture_orders: [entry] })
    expect(first.status).toBe(503)
    expect(sb.inspect.order(c.transaction_id)!.state).toBe("paid")
    const retry = await call(sb, "capture", { merchant_id: M, account_id: AUTH, capture_orders: [entry] })
    expect(retry.body.capture_orders[0].error_message).toMatch(/^A0007:/)
  })

  it("reset destroys the connection; latency delays; timeout closes the socket after its bound", async () => {
    sb.faults.add({ target: "api", kind: "reset", count: 1 })
    await expect(query()).rejects.toThrow()
    sb.faults.add({ target: "retrievalTrans", kind: "latency", latency_ms: 120, count: 1 })
    let t = Date.now()
    expect((await query()).status).toBe(200)
    expect(Date.now() - t).toBeGreaterThanOrEqual(110)
    sb.faults.add({ target: "retrievalTrans", kind: "timeout", timeout_ms: 150, count: 1 })
    t = Date.now()
    await expect(query()).rejects.toThrow()
    expect(Date.now() - t).toBeGreaterThanOrEqual(140)
  })

  it("probabilities are deterministic for a seed", async () => {
    const pattern = async () => {
      const s = await startSandbox({ port: 0, seed: 1234 })
      try {
        s.faults.add({ target: "retrievalTrans", kind: "error", probability: 0.5 })
        const out: number[] = []
        for (let i = 0; i < 16; i++)
          out.push((await call(s, "retrievalTrans", { merchant_id: M, account_id: AUTH, orders: "X12345" })).status)
        return out
      } finally {
        await s.stop()
      }
    }
    const a = await pattern()
    expect(await pattern()).toEqual(a)
    expect(a).toContain(503)
    expect(a).toContain(200)
  })

  it("admin endpoint switches faults on and off and validates them", async () => {
    const add = await post(
      `${sb.url}/__sandbox/faults`,
      JSON.stringify({ target: "retrievalTrans", kind: "error", status: 500 }),
      "application/json",
    )
    expect(add.status).toBe(201)
    expect((await query()).status).toBe(500)
    const del = await fetch(`${sb.url}/__sandbox/faults?target=retrievalTrans`, { method: "DELETE" })
    expect(await del.json()).toEqual({ removed: 1 })
    expect((await query()).status).toBe(200)
    const bad = await post(`${sb.url}/__sandbox/faults`, JSON.stringify({ target: "notifications", kind: "error" }))
    expect(bad.status).toBe(400)
  })

  it("notification faults: drop, duplicate, delay and out-of-order", async () => {
    const pay = async () => {
      const c = await createCheckout(sb, { notify_url: receiver.url })
      sb.shopper.pay(c.transaction_id)
      return c.transaction_id
    }
    const got = (tx: string) => receiver.received.filter((r) => r.body.transaction_id === tx)

    sb.faults.add({ target: "notifications", kind: "drop", count: 1 })
    const dropped = await pay()
    sb.faults.add({ target: "notifications", kind: "duplicate", count: 1 })
    const duplicated = await pay()
    await sb.notifications.settle()
    expect(got(dropped)).toHaveLength(0)
    expect(sb.inspect.notifications().find((n) => n.payload.transaction_id === dropped)!.state).toBe("dropped")
    expect(got(duplicated)).toHaveLength(2)
    expect(got(duplicated)[0].body).toEqual(got(duplicated)[1].body)

    sb.faults.add({ target: "notifications", kind: "delay", delay_ms: 80, count: 1 })
    const t = Date.now()
    const delayed = await pay()
    await waitFor(() => got(delayed).length === 1)
    expect(got(delayed)[0].at - t).toBeGreaterThanOrEqual(75)

    sb.faults.add({ target: "notifications", kind: "out_of_order", hold_ms: 2_000, count: 1 })
    const held = await pay()
    const next = await pay()
    await sb.notifications.settle()
    // Arrival order, not timestamps: both can land within the same millisecond.
    const order = receiver.received.map((r) => r.body.transaction_id)
    expect(order.indexOf(held)).toBeGreaterThan(order.indexOf(next))
    expect(order.indexOf(next)).toBeGreaterThanOrEqual(0)
  })
})

describe("inspection", () => {
  it("lists orders, notifications and requests over HTTP with secrets redacted", async () => {
    const orders = await (await fetch(`${sb.url}/__sandbox/orders`)).json()
    expect(orders.length).toBeGreaterThan(3)
    const requests = await (await fetch(`${sb.url}/__sandbox/requests`)).json()
    const text = JSON.stringify(requests)
    expect(text).toContain("[redacted]")
    expect(text).not.toMatch(/sandbox-key|[0-9a-f]{64}/)
    const one = await (await fetch(`${sb.url}/__sandbox/orders?transaction_id=${orders[0].transaction_id}`)).json()
    expect(one.transaction_id).toBe(orders[0].transaction_id)
    expect(Array.isArray(await (await fetch(`${sb.url}/__sandbox/notifications`)).json())).toBe(true)
  })
})
