import type { MedusaContainer } from "@medusajs/framework/types"
import { paymentView } from "../../queries/__tests__/payment-view"
import { bulkResults, planRecordings } from "../finish"
import type { BulkStep } from "../plan"
import type { Work } from "../types"

// No acquiring provider configured: a capture is recorded without a seal.
const container = { resolve: () => ({ modules: {} }) } as unknown as MedusaContainer

const work = (order: string, step: BulkStep): Work => ({
  item: { order_id: order },
  payment: paymentView({
    id: `pay_${order}`,
    data: { order_no: `no_${order}`, currency: "EUR", amount: "32.89", variant: "hosted" },
  }),
  step,
})
const base = (order: string) => ({ order_id: order, payment_id: `pay_${order}`, order_no: `no_${order}` })
const FAILED = "the gateway did it; recording in Medusa failed (retry the call or run reconciliation): "

describe("a bulk call's recordings and results", () => {
  const list = [
    work("a", { kind: "done" }),
    work("b", { kind: "refuse", reason: "not captured at the gateway" }),
    work("c", { kind: "send", amount: "32.89" }),
    work("d", { kind: "send", amount: "32.89" }),
    work("e", { kind: "send", amount: "32.89" }),
    work("f", { kind: "record", amount: "10.00" }),
  ]
  const verdicts = { no_d: { ok: false as const, error: "gateway refused" }, no_e: { ok: true as const, entry: {} } }

  it("records only what the gateway did, in order, and answers the rest from the plan", () => {
    const planned = planRecordings(container, "capture", list, verdicts)
    expect(planned.items).toEqual([
      { kind: "capture", payment_id: "pay_e", amount: "32.89", sealed: null },
      { kind: "capture", payment_id: "pay_f", amount: "10.00", sealed: null },
    ])
    const results = bulkResults(planned, [{ status: "done" }, { status: "failed", error: "database went away" }])
    expect(results).toEqual([
      { ...base("a"), status: "already_done" },
      { ...base("b"), status: "failed", error: "not captured at the gateway" },
      { ...base("c"), status: "failed", error: "not sent" },
      { ...base("d"), status: "failed", error: "gateway refused" },
      { ...base("e"), status: "captured", amount: "32.89" },
      { ...base("f"), status: "failed", amount: "10.00", error: `${FAILED}database went away` },
    ])
  })

  it("a cancel is recorded by payment; a refund without the gateway's refund fails before any run", () => {
    const cancel = planRecordings(container, "cancel", [list[4]], verdicts)
    expect(cancel.items).toEqual([{ kind: "cancel", payment_id: "pay_e" }])
    expect(bulkResults(cancel, [{ status: "done" }])).toEqual([{ ...base("e"), status: "canceled", amount: "32.89" }])
    const refund = planRecordings(container, "refund", [list[5]], verdicts)
    expect(refund.items).toEqual([])
    expect(bulkResults(refund, [])).toEqual([
      { ...base("f"), status: "failed", amount: "10.00", error: `${FAILED}no gateway refund to record` },
    ])
  })

  it("a refund the gateway answered is recorded with its reference, as a bulk refund", () => {
    const answer = { order_no: "no_e", refund_reference_id: "T-01" }
    const refund = planRecordings(container, "refund", [list[4]], { no_e: { ok: true, entry: answer } })
    expect(refund.items).toEqual([
      {
        kind: "refund",
        payment_id: "pay_e",
        amount: "32.89",
        refund_reference_id: "T-01",
        refund: answer,
        source: "bulk",
      },
    ])
    expect(bulkResults(refund, [{ status: "done" }])).toEqual([
      { ...base("e"), status: "refunded", amount: "32.89", refund_reference_id: "T-01" },
    ])
  })
})
