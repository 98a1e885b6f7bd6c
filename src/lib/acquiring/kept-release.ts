import type { ItemResult, PlannedItem } from "./items/record-item"
import type { KeptRelease } from "./kept-orders"

export interface KeptSettled {
  order_id: string
  payment_id: string
  order_no: string
  outcome: KeptRelease["outcome"] | "error"
  detail?: string
}

/** A release item per kept authorisation no longer needed. */
export const keptItems = (releases: KeptRelease[]): PlannedItem[] =>
  releases.map((r): PlannedItem => ({
    kind: "release_kept",
    payment_id: r.payment_id,
    provider_id: r.provider_id,
    outcome: r.outcome,
  }))

/** Each release as its item's run left it: voided with its outcome, or an error reconciliation retries. */
export const keptSettled = (releases: KeptRelease[], results: ItemResult[]): KeptSettled[] =>
  releases.map((r, i) => {
    const base = { order_id: r.order_id, payment_id: r.payment_id, order_no: r.order_no }
    const run = results[i]
    if (run?.status === "done") return { ...base, outcome: r.outcome }
    return { ...base, outcome: "error", detail: run?.status === "failed" ? run.error : "not run" }
  })
