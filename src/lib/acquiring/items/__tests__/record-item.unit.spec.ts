import { itemConcurrency, type PlannedItem } from "../record-item"

const cancel = (n: number, after?: number): PlannedItem => ({
  kind: "cancel",
  payment_id: `pay_${n}`,
  ...(after === undefined ? {} : { after }),
})

describe("items run at once", () => {
  it("as many as asked when none waits for another; one at a time when any does", () => {
    expect(itemConcurrency([cancel(1), cancel(2)], 8)).toBe(8)
    expect(itemConcurrency([cancel(1), cancel(2)])).toBe(1)
    expect(itemConcurrency([cancel(1), cancel(2, 0)], 8)).toBe(1)
    expect(itemConcurrency([], 0)).toBe(1)
  })
})
