import { ENTRY_CODES as C } from "../codes"
import { basisPoints, fromMinor, toMinor } from "../money"
import { fingerprint, payoutAmounts, payoutFailure } from "../payouts"
import { newOrder } from "../state/create"
import * as m from "../state/machine"
import type { Order } from "../state/order"
import { paymentStatus, queryResult } from "../state/status"
import { TEST_CARDS, cardOutcome, luhnValid } from "../test-cards"
import { redact } from "../request-log"

const WINDOW = 7 * 86_400_000
const order = (capture_mode: "authorise" | "sale" = "authorise", kind: "card" | "apm" = "card") =>
  newOrder({
    transaction_id: "T1",
    reference_no: "R1",
    merchant_id: "1000001",
    account_id: "100000101",
    kind,
    capture_mode,
    request: { order_no: "ORDER1", currency: "USD", amount: "25.00" },
    now: 1_000,
  })

function ok(move: m.Move): Order {
  if (!move.ok) throw new Error(`expected a move, got ${move.code} ${move.message}`)
  return move.order
}
const code = (move: m.Move) => (move.ok ? "ok" : move.code)
const status = (o: Order) => [o.state, paymentStatus(o), queryResult(o)]

describe("order state machine", () => {
  it("starts waiting (1000, -1) and the shopper's outcome decides the next state", () => {
    const o = order()
    expect(status(o)).toEqual(["waiting", "1000", "-1"])
    expect(status(ok(m.shopperResult(o, "approved", 2_000)))).toEqual(["authorised", "2000", "-1"])
    expect(status(ok(m.shopperResult(order("sale"), "approved", 2_000)))).toEqual(["paid", "3000", "1"])
    expect(status(ok(m.shopperResult(order("authorise", "apm"), "approved", 2_000)))).toEqual(["paid", "3000", "1"])
    expect(status(ok(m.shopperResult(o, "review", 2_000)))).toEqual(["review", "1100", "-2"])
    expect(status(ok(m.shopperResult(o, "declined", 2_000)))).toEqual(["declined", "6000", "0"])
    expect(status(ok(m.shopperResult(o, "cancelled", 2_000)))).toEqual(["cancelled", "5000", "0"])
    expect(ok(m.shopperResult(o, "insufficient_funds", 2_000)).order_info).toMatch(/^E0002:/)
    // a finished order cannot be paid again
    expect(m.shopperResult(ok(m.shopperResult(o, "declined", 2_000)), "approved", 3_000).ok).toBe(false)
  })

  it("captures once, within the window, up to the authorised amount, in the order currency", () => {
    const auth = ok(m.shopperResult(order(), "approved", 2_000))
    expect(code(m.capture(auth, { currency: "EUR", amount_minor: 2500 }, "api", 3_000, WINDOW))).toBe(
      C.CURRENCY_MISMATCH,
    )
    expect(code(m.capture(auth, { currency: "USD", amount_minor: 2501 }, "api", 3_000, WINDOW))).toBe(C.CAPTURE_OVER)
    expect(code(m.capture(auth, { currency: "USD", amount_minor: 0 }, "api", 3_000, WINDOW))).toBe(C.CAPTURE_OVER)
    expect(code(m.capture(auth, { currency: "USD", amount_minor: 2500 }, "api", 2_000 + WINDOW + 1, WINDOW))).toBe(
      C.CAPTURE_TIME_LIMIT,
    )
    const paid = ok(m.capture(auth, { currency: "USD", amount_minor: 2000 }, "api", 3_000, WINDOW))
    expect([paid.state, paid.captured_minor]).toEqual(["paid", 2000])
    expect(code(m.capture(paid, { currency: "USD", amount_minor: 1 }, "api", 3_000, WINDOW))).toBe(C.NOT_PRE_AUTHORISED)
    expect(code(m.capture(order(), { currency: "USD", amount_minor: 1 }, "api", 3_000, WINDOW))).toBe(
      C.NOT_PRE_AUTHORISED,
    )
    expect(paid.history.map((h) => `${h.from}>${h.to}`)).toEqual(["waiting>authorised", "authorised>paid"])
  })

  it("cancels waiting, held and authorised orders only", () => {
    const auth = ok(m.shopperResult(order(), "approved", 2_000))
    const cancelled = ok(m.cancel(auth, "api", 3_000))
    expect(status(cancelled)).toEqual(["cancelled", "5000", "0"])
    expect(code(m.cancel(cancelled, "api", 3_000))).toBe(C.NOT_PRE_AUTHORISED)
    expect(code(m.capture(cancelled, { currency: "USD", amount_minor: 2500 }, "api", 3_000, WINDOW))).toBe(
      C.NOT_PRE_AUTHORISED,
    )
    expect(m.cancel(order(), "api", 3_000).ok).toBe(true)
    expect(m.cancel(ok(m.shopperResult(order(), "review", 2_000)), "api", 3_000).ok).toBe(true)
    const sale = ok(m.shopperResult(order("sale"), "approved", 2_000))
    expect(code(m.cancel(sale, "api", 3_000))).toBe(C.ALREADY_CAPTURED)
  })

  it("refunds up to the captured amount with sequential references; processing refunds complete once", () => {
    const sale = ok(m.shopperResult(order("sale"), "approved", 2_000))
    const r = (o: Order, minor: number, processing = false) =>
      m.refund(o, { currency: "USD", refund_minor: minor, reason: "", processing }, "api", 3_000)
    const one = ok(r(sale, 1000))
    expect(status(one)).toEqual(["partially_refunded", "4000", "1"])
    expect(one.refunds[0].refund_reference_id).toBe("T1-01")
    expect(code(r(one, 1501))).toBe(C.REFUND_OVER)
    expect(code(r(one, 0))).toBe(C.REFUND_OVER)
    const two = ok(r(one, 1500, true))
    expect(status(two)).toEqual(["refunded", "4100", "1"])
    expect(two.refunds[1]).toMatchObject({
      refund_reference_id: "T1-02",
      status: "processing",
      processed_at: undefined,
    })
    expect(code(r(two, 1))).toBe(C.NOT_REFUNDABLE)
    const done = ok(m.completeRefund(two, 2, 4_000))
    expect(done.refunds[1]).toMatchObject({ status: "refunded", processed_at: 4_000 })
    expect(m.completeRefund(done, 2, 5_000).ok).toBe(false)
    expect(code(r(ok(m.shopperResult(order(), "approved", 2_000)), 100))).toBe(C.NOT_REFUNDABLE)
    expect(
      code(m.refund(sale, { currency: "EUR", refund_minor: 1, reason: "", processing: false }, "api", 3_000)),
    ).toBe(C.CURRENCY_MISMATCH)
  })

  it("review: accept continues as an approval, reject declines, only from review", () => {
    const held = ok(m.shopperResult(order(), "review", 2_000))
    expect(held.fraud.some((f) => f.status === "REJECT")).toBe(true)
    const accepted = ok(m.review(held, true, "api", 3_000))
    expect(status(accepted)).toEqual(["authorised", "2000", "-1"])
    expect(accepted.fraud.every((f) => f.status === "ACCEPT")).toBe(true)
    expect(status(ok(m.review(ok(m.shopperResult(order("sale"), "review", 2_000)), true, "api", 3_000)))).toEqual([
      "paid",
      "3000",
      "1",
    ])
    expect(status(ok(m.review(held, false, "api", 3_000)))).toEqual(["declined", "6000", "0"])
    expect(code(m.review(accepted, true, "api", 3_000))).toBe(C.NOT_IN_REVIEW)
  })

  it("disputes: only on a captured order, one open at a time, within the captured amount; closing ends the open one once", () => {
    const open = (o: Order, extra: Partial<m.OpenDisputeInput> = {}) =>
      m.openDispute(
        o,
        { dispute_id: "D1", reason: "Fraudulent", amount_minor: 2500, deadline: "2030-01-31", ...extra },
        "portal",
        3_000,
      )
    const auth = ok(m.shopperResult(order(), "approved", 2_000))
    expect(code(open(auth))).toBe(C.NOT_DISPUTABLE)
    const paid = ok(m.capture(auth, { currency: "USD", amount_minor: 2000 }, "api", 2_500, WINDOW))
    expect(code(open(paid))).toBe(C.DISPUTE_INPUT) // above the captured 20.00
    expect(code(open(paid, { amount_minor: 2000, reason: " " }))).toBe(C.DISPUTE_INPUT)
    expect(code(open(paid, { amount_minor: 2000, deadline: "31.01.2030" }))).toBe(C.DISPUTE_INPUT)
    const disputed = ok(open(paid, { amount_minor: 2000 }))
    expect(disputed.disputes).toEqual([
      {
        dispute_id: "D1",
        status: "opened",
        reason: "Fraudulent",
        amount_minor: 2000,
        deadline: "2030-01-31",
        opened_at: 3_000,
        by: "portal",
      },
    ])
    expect(status(disputed)).toEqual(status(paid)) // no money moves in the sandbox
    expect(code(open(disputed, { dispute_id: "D2", amount_minor: 100 }))).toBe(C.DISPUTE_OPEN)
    expect(code(m.closeDispute(disputed, "won", "portal", 4_000, "D9"))).toBe(C.NO_OPEN_DISPUTE)
    const lost = ok(m.closeDispute(disputed, "lost", "portal", 4_000))
    expect(lost.disputes[0]).toMatchObject({ status: "lost", closed_at: 4_000 })
    expect(code(m.closeDispute(lost, "won", "portal", 5_000))).toBe(C.NO_OPEN_DISPUTE)
    expect(ok(open(lost, { dispute_id: "D2", amount_minor: 100 })).disputes.map((d) => d.status)).toEqual([
      "lost",
      "opened",
    ])
  })
})

describe("money, cards, payouts, redaction", () => {
  it("converts amounts exactly", () => {
    expect(toMinor("0.07")).toBe(7)
    expect(toMinor("123456789012.99")).toBe(12345678901299)
    expect(fromMinor(12345678901299)).toBe("123456789012.99")
    expect(fromMinor(5)).toBe("0.05")
    expect(() => toMinor("1.5")).toThrow()
    expect(basisPoints(1005, 100)).toBe(10)
    expect(basisPoints(50, 100)).toBe(1) // 0.5 rounds half up
  })

  it("every test card is Luhn-valid and maps to its outcome; others succeed or are invalid", () => {
    for (const c of TEST_CARDS)
      expect([c.number, luhnValid(c.number), cardOutcome(c.number)]).toEqual([c.number, true, c.outcome])
    expect(cardOutcome("5555 5555 5555 4444")).toBe("success")
    expect(cardOutcome("4111111111111112")).toBeNull()
    expect(cardOutcome("abcd")).toBeNull()
  })

  it("computes payout amounts and failures", () => {
    expect(payoutAmounts("100.00", "PAYER", { fixed: 100, bp: 50 })).toEqual({
      fee_amount: 150,
      amount_payer_pays: 10150,
      amount_beneficiary_receives: 10000,
    })
    expect(payoutAmounts("100.00", undefined, { fixed: 100, bp: 50 })).toEqual({
      fee_amount: 150,
      amount_payer_pays: 10000,
      amount_beneficiary_receives: 9850,
    })
    const rules = { fail_last_name: "FAIL", fail_ibans: ["GB00FAIL00000000000000"] }
    expect(payoutFailure({ beneficiary: { last_name: "fail" } }, rules)?.failure_type).toBe("BENEFICIARY_REJECTED")
    expect(
      payoutFailure({ beneficiary: { bank_details: { iban: "gb00 fail 0000 0000 0000 00" } } }, rules)?.failure_type,
    ).toBe("INVALID_ACCOUNT")
    expect(payoutFailure({ beneficiary: { last_name: "Hopper" } }, rules)).toBeNull()
    expect(fingerprint({ b: 1, a: { d: [1, 2], c: "x" } })).toBe(fingerprint({ a: { c: "x", d: [1, 2] }, b: 1 }))
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: "1" }))
  })

  it("redacts signatures, card numbers and codes from logged bodies", () => {
    expect(
      redact({
        encryption_data: "ab",
        card_number: "4111 1111 1111 1111",
        cvv: "123",
        expiry: "12/30",
        code: "1234",
        nested: [{ signInfo: "x" }],
        note: "ok",
      }),
    ).toEqual({
      encryption_data: "[redacted]",
      card_number: "****1111",
      nested: [{ signInfo: "[redacted]" }],
      note: "ok",
    })
  })
})
