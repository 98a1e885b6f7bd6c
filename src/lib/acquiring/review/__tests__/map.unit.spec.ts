import { heldPayment, isHeld, reviewFlag, reviewStep } from "../map"
import type { OrderRecord } from "../../../../gateway/schemas/transactions"

const rec = (payment_status: string, extra: Partial<OrderRecord> = {}) =>
  ({
    order_no: "paysesA",
    amount: "32.89",
    currency: "eur",
    query_result: "-2",
    payment_status,
    transaction_id: "T9",
    fraud_check_result: [],
    ...extra,
  }) as OrderRecord

describe("review mapping", () => {
  it("a held record becomes the admin's view with fraud checks and the 3-D Secure flag", () => {
    const r = rec("1100", {
      is3ds: "1",
      antifraud_provider: "sandbox-risk",
      fraud_check_result: [
        { check_items: "Velocity check", status: "REJECT" },
        { check_items: "Card and IP country match", status: "ACCEPT" },
      ],
      transaction_date: "20261121085500",
    })
    expect(isHeld(r)).toBe(true)
    expect(
      heldPayment({ order_id: "order_1", payment_session_id: "payses_1", provider_id: "pp_acquiring_acquiring" }, r),
    ).toEqual({
      order_id: "order_1",
      payment_session_id: "payses_1",
      provider_id: "pp_acquiring_acquiring",
      order_no: "paysesA",
      transaction_id: "T9",
      amount: "32.89",
      currency: "EUR",
      is3ds: true,
      antifraud_provider: "sandbox-risk",
      fraud_check_result: [
        { check_items: "Velocity check", status: "REJECT" },
        { check_items: "Card and IP country match", status: "ACCEPT" },
      ],
      transaction_date: "20261121085500",
    })
  })

  it("review flags: accept 1, reject 0", () => {
    expect(reviewFlag("accept")).toBe("1")
    expect(reviewFlag("reject")).toBe("0")
  })

  it("held payments are sent; decided ones are only applied when the decision matches, else refused", () => {
    expect(reviewStep(rec("1100"), "accept")).toEqual({ kind: "send" })
    expect(reviewStep(rec("1100"), "reject")).toEqual({ kind: "send" })
    expect(reviewStep(rec("2000"), "accept")).toEqual({ kind: "apply", outcome: "accept" })
    expect(reviewStep(rec("3000"), "accept")).toEqual({ kind: "apply", outcome: "accept" })
    expect(reviewStep(rec("6000"), "reject")).toEqual({ kind: "apply", outcome: "reject" })
    expect(reviewStep(rec("6000"), "accept")).toEqual({
      kind: "refuse",
      reason: "the gateway already rejected this payment",
    })
    expect(reviewStep(rec("2000"), "reject")).toEqual({
      kind: "refuse",
      reason: "the gateway already accepted this payment",
    })
    expect(reviewStep(rec("1000"), "accept")).toEqual({
      kind: "refuse",
      reason: "the payment is not held for review (gateway status 1000)",
    })
    expect(reviewStep(undefined, "accept")).toEqual({ kind: "refuse", reason: "the gateway has no such order" })
  })
})
