import type { ItemResult, PlannedItem } from "../items/record-item"
import type { PlannedReview, ReviewOutcome } from "./types"

/** One planned decision after the gateway: refused by it, or its item's run in Medusa. */
export type ReviewApplied = { planned: PlannedReview; refusal: string } | { planned: PlannedReview; result: ItemResult }

const refusalOf = (p: PlannedReview, refused: Record<string, string>) => refused[p.session.data.order_no]

/** The decisions the gateway took, one item each for Medusa to follow; refused ones are not run. */
export function reviewItems(planned: PlannedReview[], refused: Record<string, string>, actor?: string): PlannedItem[] {
  return planned
    .filter((p) => !refusalOf(p, refused))
    .map((p): PlannedItem => ({ kind: "review_decision", planned: p, actor }))
}

/** Each planned decision beside its refusal or its item's result (the items of reviewItems, in order). */
export function reviewsApplied(
  planned: PlannedReview[],
  refused: Record<string, string>,
  results: ItemResult[],
): ReviewApplied[] {
  let next = 0
  return planned.map((p) => {
    const refusal = refusalOf(p, refused)
    return refusal ? { planned: p, refusal } : { planned: p, result: results[next++] ?? { status: "skipped" } }
  })
}

/**
 * A decision's outcome: refused, failed in Medusa (unless the gateway's notification authorised it
 * meanwhile), already decided, or followed now.
 */
export function reviewOutcome(a: ReviewApplied, authorisedMeanwhile = false): ReviewOutcome {
  const p = a.planned
  const base = { ...p.input, order_no: p.session.data.order_no, transaction_id: p.record.transaction_id }
  if ("refusal" in a) return { ...base, status: "failed", error: a.refusal }
  const r = a.result
  if (r.status !== "done" && !authorisedMeanwhile) {
    const message = r.status === "failed" ? r.error : "not run"
    return { ...base, status: "failed", error: `the gateway recorded the decision; Medusa did not follow: ${message}` }
  }
  if (r.status === "done" && !r.applied) return { ...base, status: "already_decided" }
  return { ...base, status: p.input.decision === "accept" ? "accepted" : "rejected" }
}
