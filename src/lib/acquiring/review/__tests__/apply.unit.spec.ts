import { reviewItems, reviewOutcome, reviewsApplied } from "../apply"
import type { PlannedReview } from "../types"

const planned = (order: string, decision: "accept" | "reject"): PlannedReview =>
  ({
    input: { order_id: order, decision },
    session: { order_id: order, data: { order_no: `no_${order}` } },
    record: { order_no: `no_${order}`, transaction_id: `T_${order}` },
  }) as PlannedReview
const base = (order: string, decision: "accept" | "reject") => ({
  order_id: order,
  decision,
  order_no: `no_${order}`,
  transaction_id: `T_${order}`,
})

describe("review decisions Medusa follows", () => {
  const list = [planned("a", "accept"), planned("b", "reject"), planned("c", "accept"), planned("d", "reject")]
  const refused = { no_b: "gateway refused" }

  it("runs an item for each decision the gateway took, none for a refused one", () => {
    expect(
      reviewItems(list, refused, "user_1").map((i) => i.kind === "review_decision" && i.planned.input.order_id),
    ).toEqual(["a", "c", "d"])
  })

  it("each outcome: refused, followed now, already followed, or failed unless authorised meanwhile", () => {
    const applied = reviewsApplied(list, refused, [
      { status: "done", applied: true },
      { status: "failed", error: "lock timeout" },
      { status: "done", applied: false },
    ])
    expect(applied.map((a) => reviewOutcome(a))).toEqual([
      { ...base("a", "accept"), status: "accepted" },
      { ...base("b", "reject"), status: "failed", error: "gateway refused" },
      {
        ...base("c", "accept"),
        status: "failed",
        error: "the gateway recorded the decision; Medusa did not follow: lock timeout",
      },
      { ...base("d", "reject"), status: "already_decided" },
    ])
    expect(reviewOutcome(applied[2], true)).toEqual({ ...base("c", "accept"), status: "accepted" })
  })
})
