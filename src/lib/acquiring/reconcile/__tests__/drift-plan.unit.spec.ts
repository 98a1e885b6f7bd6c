import { driftLines, planActions } from "../drift-plan"
import { heldLines } from "../held-plan"
import { mayRun, type ItemResult, type PlannedItem } from "../../items/record-item"
import { failedReport } from "../report"

const base = (payment_id: string) => ({ order_no: `NO-${payment_id}`, payment_id, order_id: `order_${payment_id}` })

describe("a payment's drift planned as items and lines", () => {
  const items: PlannedItem[] = []
  const slots = [
    ...planActions(
      [
        { type: "capture", amount: "10.00" },
        { type: "refund_status", refund_reference_id: "R0", from: null, to: "done" },
        { type: "refund", refund_reference_id: "R1", amount: "4.00" },
      ],
      base("pay_1"),
      items,
    ),
    ...planActions(
      [
        { type: "refund", refund_reference_id: "R2", amount: "1.00" },
        { type: "conflict", detail: "odd" },
      ],
      base("pay_2"),
      items,
    ),
  ]

  it("makes the capture and refunds items, a refund waiting for its payment's capture only", () => {
    expect(items).toEqual([
      { kind: "capture", payment_id: "pay_1", amount: "10.00" },
      { kind: "refund", payment_id: "pay_1", amount: "4.00", refund_reference_id: "R1", after: 0 },
      { kind: "refund", payment_id: "pay_2", amount: "1.00", refund_reference_id: "R2" },
    ])
    expect(slots.map((s) => [s.change.kind, s.item])).toEqual([
      ["capture", 0],
      ["refund_status", undefined],
      ["refund", 1],
      ["refund", 2],
      ["conflict", undefined],
    ])
  })

  it("all done: every line, in the diff's order", () => {
    const done: ItemResult[] = items.map(() => ({ status: "done" }))
    expect(driftLines(slots, items, done).map((c) => [c.payment_id, c.kind])).toEqual([
      ["pay_1", "capture"],
      ["pay_1", "refund_status"],
      ["pay_1", "refund"],
      ["pay_2", "refund"],
      ["pay_2", "conflict"],
    ])
  })

  it("a failed capture: one error line and nothing more of that payment; another payment's failed refund goes on", () => {
    const results: ItemResult[] = [{ status: "failed", error: "declined" }]
    expect(mayRun(items, results, 1)).toBe(false)
    results.push({ status: "skipped" }, { status: "failed", error: "too much" })
    expect(driftLines(slots, items, results)).toEqual([
      { ...base("pay_1"), kind: "error", detail: "capture: declined" },
      { ...base("pay_2"), kind: "error", detail: "refund: too much" },
      { ...base("pay_2"), kind: "conflict", detail: "odd" },
    ])
  })

  it("a failed run's report reads report lines among the outputs, not another workflow's result", () => {
    const settled = [{ order_id: "o", payment_id: "p", order_no: "n", outcome: "voided" }]
    const lines = [{ kind: "capture", order_no: "n" }]
    const report = failedReport("acquiring", "boom", [settled, lines, { results: [] }])
    expect(report.changes.map((c) => c.kind)).toEqual(["capture", "error"])
  })
})

describe("held orders' lines", () => {
  const base = { order_no: "H1", order_id: "order_h", amount: "5.00" }
  const plan = {
    items: [
      { kind: "authorize_held" as const, payment_session_id: "ps_1", order_id: "order_h" },
      { kind: "authorize_held" as const, payment_session_id: "ps_2", order_id: "order_i" },
    ],
    slots: [
      { change: { ...base, kind: "held_authorized" as const, detail: "gateway status 1" }, item: 0 },
      { change: { ...base, kind: "held_declined" as const, detail: "declined" } },
      { change: { ...base, order_no: "H2", kind: "held_authorized" as const, detail: "gateway status 1" }, item: 1 },
    ],
  }

  it("keeps an authorised one's line, none for one a notification authorised meanwhile, an error line for a failure", () => {
    expect(
      heldLines(plan, [
        { status: "done", authorised: true },
        { status: "done", authorised: false },
      ]),
    ).toEqual([plan.slots[0].change, plan.slots[1].change])
    expect(
      heldLines(plan, [
        { status: "failed", error: "boom" },
        { status: "done", authorised: true },
      ]),
    ).toEqual([{ ...base, kind: "error", detail: "held payment: boom" }, plan.slots[1].change, plan.slots[2].change])
  })
})
