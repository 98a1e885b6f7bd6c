import { planCancel, planCapture, planRefund } from "../plan"
import { gatewayEntry } from "../entry"
import { refundMarker } from "../items"
import { verdicts } from "../../batch"
import { GatewayApiError } from "../../../../gateway/errors"
import type { PaymentView } from "../../queries/payments"
import { paymentView } from "../../queries/__tests__/payment-view"
import type { OrderRecord, RefundRecord } from "../../../../gateway/schemas/transactions"

const payment = (over: Partial<PaymentView> = {}, refunds: unknown[] = []): PaymentView =>
  paymentView({
    data: {
      order_no: "paysesA",
      currency: "EUR",
      amount: "32.89",
      variant: "hosted",
      transaction_id: "T1",
      refunds: refunds as never,
    },
    ...over,
  })
const rec = (payment_status: string) =>
  ({
    order_no: "paysesA",
    amount: "32.89",
    currency: "EUR",
    query_result: "1",
    payment_status,
    transaction_id: "T1",
  }) as OrderRecord
const refundRec = (reason: string, status = "1", seq = "01"): RefundRecord =>
  ({
    transaction_id: "T1",
    order_no: "paysesA",
    amount: "32.89",
    currency: "EUR",
    refund_amount: "10.00",
    refund_status: status,
    refund_reference_id: `T1-${seq}`,
    refund_reason: reason,
    refund_reference: "",
  }) as RefundRecord

describe("bulk plans", () => {
  it("capture: send authorised, record a capture the gateway already made, skip captured, refuse the rest", () => {
    expect(planCapture(payment(), rec("2000"))).toEqual({ kind: "send", amount: "32.89" })
    expect(planCapture(payment(), rec("3000"))).toEqual({ kind: "record", amount: "32.89" })
    expect(planCapture(payment({ captured: "32.89" }), rec("3000"))).toEqual({ kind: "done" })
    expect(planCapture(payment(), rec("5000"))).toEqual({ kind: "refuse", reason: expect.stringContaining("5000") })
    expect(planCapture(payment({ canceled_at: "2026-01-01" }), rec("2000")).kind).toBe("refuse")
  })

  it("cancel: send authorised or held, record a gateway void, refuse captured", () => {
    expect(planCancel(payment(), rec("2000")).kind).toBe("send")
    expect(planCancel(payment(), rec("1100")).kind).toBe("send")
    expect(planCancel(payment(), rec("5000")).kind).toBe("record")
    expect(planCancel(payment({ canceled_at: "x" }), rec("5000"))).toEqual({ kind: "done" })
    expect(planCancel(payment(), rec("3000"))).toEqual({
      kind: "refuse",
      reason: "the payment is captured; refund it instead",
    })
  })

  it("refund: default what is left, bounded, and this call's gateway refund is recorded not resent", () => {
    const captured = { captured: "32.89", refunded: "2.89" }
    expect(planRefund(payment(captured), [], "[m]")).toEqual({ kind: "send", amount: "30.00" })
    expect(planRefund(payment(captured), [], "[m]", "30.01")).toEqual({
      kind: "refuse",
      reason: "amount must be above 0 and at most 30.00",
    })
    expect(planRefund(payment(), [], "[m]")).toEqual({ kind: "refuse", reason: "nothing is captured" })
    // Another call's refund (other marker) does not count; a failed one neither.
    expect(planRefund(payment(captured), [refundRec("[other]"), refundRec("[m]", "0")], "[m]", "10.00").kind).toBe(
      "send",
    )
    expect(planRefund(payment(captured), [refundRec("[m]")], "[m]", "10.00")).toEqual({
      kind: "record",
      amount: "10.00",
      refund_reference_id: "T1-01",
    })
    const recorded = payment(captured, [
      { refund_reference_id: "T1-01", refund_amount: "10.00", refund_status: "1", medusa_refund_id: "ref_1" },
    ])
    expect(planRefund(recorded, [refundRec("[m]")], "[m]", "10.00")).toEqual({ kind: "done" })
  })

  it("the refund marker is stable for the same items in any order and differs with a key or amounts", () => {
    const a = refundMarker([{ order_id: "order_1" }, { order_id: "order_2", amount: "1.00" }], {})
    const b = refundMarker([{ order_id: "order_2", amount: "1.00" }, { order_id: "order_1" }], {})
    expect(a).toBe(b)
    expect(a).toMatch(/^\[medusa bulk [0-9a-f]{16}\]$/)
    expect(refundMarker([{ order_id: "order_1" }, { order_id: "order_2", amount: "2.00" }], {})).not.toBe(a)
    expect(refundMarker([{ order_id: "order_1" }], { idempotency_key: "k-000001", reason: "damaged" })).toBe(
      "damaged [medusa bulk k-000001]",
    )
  })
})

describe("verdicts of a split batch", () => {
  it("one verdict per order: entry status, whole-request failure and a missing entry each fail alone", () => {
    const v = verdicts("capture", ["A", "B", "C", "D"], {
      results: [
        { order_no: "A", capture_status: "1", error_message: "" },
        { order_no: "B", capture_status: "0", error_message: "A0009:capture time limit passed" },
      ],
      failed: [{ orders: [{ order_no: "C" }], error: new GatewayApiError("down", { code: "S0001" }) }],
    })
    expect(v.get("A")).toEqual({ ok: true, entry: expect.objectContaining({ order_no: "A" }) })
    expect(v.get("B")).toEqual({ ok: false, error: "gateway refused: A0009:capture time limit passed" })
    expect(v.get("C")).toEqual({ ok: false, error: "gateway api S0001: down" })
    expect(v.get("D")).toEqual({ ok: false, error: "the gateway returned no result for this order" })
  })

  it("refund entries count as done when refunded or processing", () => {
    const v = verdicts("refund", ["A", "B", "C"], {
      results: [
        { order_no: "A", refund_status: "1", refund_message: "V0000:OK" },
        { order_no: "B", refund_status: "2", refund_message: "V0000:OK" },
        { order_no: "C", refund_status: "0", refund_message: "R0001:over" },
      ],
      failed: [],
    })
    expect([...v.values()].map((x) => x.ok)).toEqual([true, true, false])
    expect(v.get("C")).toEqual({ ok: false, error: "gateway refused: R0001:over" })
  })
})

describe("the amount a bulk call sends", () => {
  const rule = { currency_rounding: "half_up" as const, currency_digits: {} }
  const jpy = (over: Partial<PaymentView> = {}) =>
    payment({
      currency_code: "JPY",
      amount: "1000.40",
      data: {
        order_no: "paysesJ",
        currency: "JPY",
        amount: "1000.00",
        variant: "hosted",
        transaction_id: "TJ",
        amount_rounding: { rule: "half_up", decimals: 0, medusa_amount: "1000.4" },
      } as never,
      ...over,
    })

  it("a half_up session's capture and refund go as the gateway took the payment, never Medusa's fraction", () => {
    const capture = planCapture(jpy(), rec("2000"))
    expect(capture).toEqual({ kind: "send", amount: "1000.40" })
    expect(gatewayEntry({ item: { order_id: "order_1" }, payment: jpy(), step: capture }, "m", rule)).toMatchObject({
      ref: expect.objectContaining({ order_no: "paysesJ" }),
      amount: "1000.00",
    })
    const refund = { kind: "send" as const, amount: "300.60" }
    expect(gatewayEntry({ item: { order_id: "order_1" }, payment: jpy(), step: refund }, "m", rule).amount).toBe(
      "301.00",
    )
  })

  it("a two-decimal payment's amounts go unchanged", () => {
    const step = { kind: "send" as const, amount: "12.34" }
    expect(gatewayEntry({ item: { order_id: "order_1" }, payment: payment(), step }, "m", rule).amount).toBe("12.34")
  })
})
