import type { ReconcileChange } from "./change"
import type { DriftSlot } from "./drift-plan"
import type { ItemResult, PlannedItem } from "../items/record-item"

/** Held orders' lines in session order; an accepted one's line holds once its item authorised it. */
export interface HeldPlan {
  slots: DriftSlot[]
  items: PlannedItem[]
}

/** A session a notification authorised meanwhile makes no line; a failure is one error line. */
export function heldLines({ slots }: HeldPlan, results: ItemResult[]): ReconcileChange[] {
  return slots.flatMap(({ change, item }): ReconcileChange[] => {
    if (item === undefined) return [change]
    const r = results[item]
    if (r?.status === "done") return r.authorised ? [change] : []
    if (r?.status !== "failed") return []
    const { order_no, order_id, amount } = change
    return [{ order_no, order_id, amount, kind: "error", detail: `held payment: ${r.error}` }]
  })
}
