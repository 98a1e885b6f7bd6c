import { keptItems, keptSettled } from "../kept-release"
import type { KeptRelease } from "../kept-orders"

const release = (n: string): KeptRelease => ({
  order_id: `order_${n}`,
  payment_id: `pay_${n}`,
  provider_id: "pp_acquiring_acquiring",
  order_no: `no_${n}`,
  outcome: "voided_order_canceled",
})

describe("kept authorisations to release", () => {
  it("an item each, and each result: voided with its outcome, or the error reconciliation retries", () => {
    const releases = [release("1"), release("2")]
    expect(keptItems(releases)).toEqual([
      {
        kind: "release_kept",
        payment_id: "pay_1",
        provider_id: "pp_acquiring_acquiring",
        outcome: "voided_order_canceled",
      },
      {
        kind: "release_kept",
        payment_id: "pay_2",
        provider_id: "pp_acquiring_acquiring",
        outcome: "voided_order_canceled",
      },
    ])
    expect(keptSettled(releases, [{ status: "done" }, { status: "failed", error: "gateway timeout" }])).toEqual([
      { order_id: "order_1", payment_id: "pay_1", order_no: "no_1", outcome: "voided_order_canceled" },
      { order_id: "order_2", payment_id: "pay_2", order_no: "no_2", outcome: "error", detail: "gateway timeout" },
    ])
  })
})
