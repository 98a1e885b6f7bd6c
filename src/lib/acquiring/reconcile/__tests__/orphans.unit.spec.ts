import type { PaymentView } from "../../queries/payments"
import { paymentView } from "../../queries/__tests__/payment-view"
import { hasOrphans, orphanRows } from "../orphans"

/** Rows Medusa wrote before a provider call that never returned (crash): integration-tests/http/crash.spec.ts. */
const NOW = Date.parse("2026-11-21T10:00:00Z")
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString()
const view = (over: Partial<PaymentView>): PaymentView =>
  paymentView({
    payment_collection_id: "paycol_1",
    data: { order_no: "payses01ABC", currency: "EUR", amount: "32.89", variant: "hosted" },
    ...over,
  })

describe("orphan capture and refund rows", () => {
  it("an unconfirmed capture row older than the grace period is an orphan; a young one may be in flight", () => {
    const rows = [
      { id: "capt_old", amount: "32.89", created_at: at(60) },
      { id: "capt_young", amount: "32.89", created_at: at(5) },
    ]
    expect(orphanRows(view({ capture_rows: rows }), NOW, 15_000).captures.map((c) => c.id)).toEqual(["capt_old"])
  })

  it("a capture the provider confirmed, or a finished (also automatic) capture, is never an orphan", () => {
    const rows = [{ id: "capt_1", amount: "32.89", created_at: at(600) }]
    const tracked = view({
      capture_rows: rows,
      data: { ...view({}).data!, captures: [{ id: "capt_1", amount: "32.89", source: "medusa" }] },
    })
    expect(hasOrphans(orphanRows(tracked, NOW, 15_000))).toBe(false)
    expect(hasOrphans(orphanRows(view({ capture_rows: rows, captured_at: at(600) }), NOW, 15_000))).toBe(false)
  })

  it("a refund row is confirmed only by a tracked refund carrying its id", () => {
    const rows = [
      { id: "ref_1", amount: "10.00", created_at: at(600) },
      { id: "ref_2", amount: "5.00", created_at: at(600) },
    ]
    const data = {
      ...view({}).data!,
      refunds: [
        { refund_reference_id: "T1-01", refund_amount: "10.00", refund_status: "1", medusa_refund_id: "ref_1" },
      ],
    }
    expect(orphanRows(view({ refund_rows: rows, data }), NOW, 15_000).refunds.map((r) => r.id)).toEqual(["ref_2"])
  })
})
