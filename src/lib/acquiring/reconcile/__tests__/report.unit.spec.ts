import { configReportOf, failedReport, mergeReports } from "../report"

const capture = { kind: "capture" as const, order_no: "A", amount: "10.00" }
const voided = { kind: "kept_voided" as const, order_no: "B" }

describe("a reconciliation report from its provider configs' runs", () => {
  it("adds up what each config checked and keeps the lines in step order, then config order", () => {
    const one = configReportOf("one", [
      { payments_checked: 3, changes: [] },
      { changes: [capture] },
      { sessions_checked: 2, changes: [] },
    ])
    const two = configReportOf("two", [{ payments_checked: 1, changes: [voided] }])
    expect(mergeReports("t0", [one, two], "t1")).toEqual({
      started_at: "t0",
      finished_at: "t1",
      payments_checked: 4,
      sessions_checked: 2,
      changes: [capture, voided],
    })
  })

  it("a config whose run threw keeps what its finished steps did and ends with one error line naming it", () => {
    const outputs = [{ payments_checked: 5, changes: [], drifted: [] }, { changes: [capture] }, undefined, [voided]]
    expect(failedReport("one", "gateway down", outputs)).toEqual({
      config_id: "one",
      payments_checked: 5,
      sessions_checked: 0,
      changes: [capture, voided, { kind: "error", order_no: "", detail: "one: gateway down" }],
    })
  })
})
