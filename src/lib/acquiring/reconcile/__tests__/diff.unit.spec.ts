import { reconcileDiff, type MedusaSide } from "../diff"
import { claimRefund } from "../../refunds"
import type { OrderRecord, RefundRecord } from "../../../../gateway/schemas/transactions"

const record = (payment_status: string): OrderRecord =>
  ({
    order_no: "paysesABC",
    amount: "32.89",
    currency: "EUR",
    query_result: "1",
    payment_status,
    transaction_id: "T1",
    fraud_check_result: [],
  }) as OrderRecord

const refundRec = (seq: string, amount: string, status = "1"): RefundRecord =>
  ({
    transaction_id: "T1",
    order_no: "paysesABC",
    amount: "32.89",
    currency: "EUR",
    refund_amount: amount,
    refund_status: status,
    refund_reference_id: `T1-${seq}`,
    refund_reference: "",
    refund_reason: "",
  }) as RefundRecord

const medusa = (over: Partial<MedusaSide> = {}): MedusaSide => ({
  amount: "32.89",
  captured: "0.00",
  refunded: "0.00",
  canceled: false,
  tracked: [],
  ...over,
})

describe("reconcileDiff", () => {
  it("a portal capture becomes one capture of the payment amount; once captured, nothing", () => {
    expect(reconcileDiff(medusa(), record("3000"), []).actions).toEqual([{ type: "capture", amount: "32.89" }])
    expect(reconcileDiff(medusa({ captured: "32.89" }), record("3000"), []).actions).toEqual([])
  })

  it("an authorised or pending payment needs nothing", () => {
    expect(reconcileDiff(medusa(), record("2000"), []).actions).toEqual([])
    expect(reconcileDiff(medusa(), record("1000"), []).actions).toEqual([])
    expect(reconcileDiff(medusa(), undefined, []).actions).toEqual([])
  })

  it("a void at the gateway cancels an uncaptured payment once; a captured one is a conflict", () => {
    expect(reconcileDiff(medusa(), record("5000"), []).actions).toEqual([{ type: "cancel" }])
    expect(reconcileDiff(medusa(), record("6000"), []).actions).toEqual([{ type: "cancel" }])
    expect(reconcileDiff(medusa({ canceled: true }), record("5000"), []).actions).toEqual([])
    expect(reconcileDiff(medusa({ captured: "32.89" }), record("5000"), []).actions[0].type).toBe("conflict")
    expect(reconcileDiff(medusa({ canceled: true }), record("3000"), []).actions[0].type).toBe("conflict")
  })

  it("a portal refund is recorded after the capture it needs, and not again once Medusa has it", () => {
    const first = reconcileDiff(medusa(), record("4000"), [refundRec("01", "10")])
    expect(first.actions).toEqual([
      { type: "capture", amount: "32.89" },
      { type: "refund", refund_reference_id: "T1-01", amount: "10.00" },
    ])
    const tracked = [
      { refund_reference_id: "T1-01", refund_amount: "10.00", refund_status: "1", medusa_refund_id: "ref_1" },
    ]
    const second = reconcileDiff(medusa({ captured: "32.89", refunded: "10.00", tracked }), record("4000"), [
      refundRec("01", "10.00"),
    ])
    expect(second.actions).toEqual([])
    expect(second.refunds).toEqual([
      expect.objectContaining({ refund_reference_id: "T1-01", medusa_refund_id: "ref_1" }),
    ])
  })

  it("a processing refund is tracked, not recorded; when final it is recorded; a Medusa refund only changes status", () => {
    const tracked = [
      { refund_reference_id: "T1-01", refund_amount: "5.00", refund_status: "2", medusa_refund_id: "ref_1" },
    ]
    const side = medusa({ captured: "32.89", refunded: "5.00", tracked })
    const processing = reconcileDiff(side, record("4000"), [refundRec("01", "5.00", "2"), refundRec("02", "3.00", "2")])
    expect(processing.actions).toEqual([{ type: "refund_status", refund_reference_id: "T1-02", from: null, to: "2" }])
    const withPortal = [...tracked, { refund_reference_id: "T1-02", refund_amount: "3.00", refund_status: "2" }]
    const final = reconcileDiff({ ...side, tracked: withPortal }, record("4000"), [
      refundRec("01", "5.00"),
      refundRec("02", "3.00"),
    ])
    expect(final.actions).toEqual([
      { type: "refund_status", refund_reference_id: "T1-01", from: "2", to: "1" },
      { type: "refund_status", refund_reference_id: "T1-02", from: "2", to: "1" },
      { type: "refund", refund_reference_id: "T1-02", amount: "3.00" },
    ])
  })

  it("a Medusa refund that failed at the gateway is reported once", () => {
    const tracked = [
      { refund_reference_id: "T1-01", refund_amount: "5.00", refund_status: "2", medusa_refund_id: "ref_1" },
    ]
    const side = medusa({ captured: "32.89", refunded: "5.00", tracked })
    const failed = reconcileDiff(side, record("3000"), [refundRec("01", "5.00", "0")])
    expect(failed.actions.map((a) => a.type)).toEqual(["refund_status", "refund_failed"])
    const later = reconcileDiff({ ...side, tracked: failed.refunds }, record("3000"), [refundRec("01", "5.00", "0")])
    expect(later.actions).toEqual([])
  })

  it("gateway refunds above what Medusa can still refund are a conflict, not a refund", () => {
    const d = reconcileDiff(medusa({ captured: "32.89", refunded: "30.00" }), record("4000"), [refundRec("01", "5.00")])
    expect(d.actions).toEqual([{ type: "conflict", detail: expect.stringContaining("T1-01") }])
  })
})

describe("claimRefund (provider: a Medusa refund records a claimed gateway refund)", () => {
  const known = [
    { refund_reference_id: "T1-01", refund_amount: "10.00", refund_status: "1", medusa_refund_id: "ref_0" },
    { refund_reference_id: "T1-02", refund_amount: "10.0", refund_status: "1", claim: true },
    { refund_reference_id: "T1-03", refund_amount: "10.00", refund_status: "1" },
  ]
  it("claims only a claimed, unrecorded entry of the same amount", () => {
    const out = claimRefund(known, "10.00", "ref_1")!
    expect(out[1]).toEqual({
      refund_reference_id: "T1-02",
      refund_amount: "10.0",
      refund_status: "1",
      medusa_refund_id: "ref_1",
    })
    expect(out[2]).toEqual(known[2])
    expect(claimRefund(out, "10.00", "ref_2")).toBeNull()
  })
  it("never claims a different amount or an unmarked portal refund", () => {
    expect(claimRefund(known, "9.99", "ref_1")).toBeNull()
    expect(claimRefund([known[2]], "10.00", "ref_1")).toBeNull()
  })
})
