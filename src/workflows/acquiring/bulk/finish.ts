import type { MedusaContainer } from "@medusajs/framework/types"
import { mapLimit } from "../../../gateway/concurrency"
import type { RefundResult } from "../../../gateway/schemas/batch"
import type { BulkOperation } from "./plan"
import { recordInMedusa } from "./record"
import type { EntryVerdict } from "../../../lib/acquiring/batch"
import type { BulkItemResult, Work } from "./types"

/** Payments of different orders are independent (Medusa locks each row), so a few are recorded at once. */
const RECORD_CONCURRENCY = 8

const DONE: Record<BulkOperation, BulkItemResult["status"]> = {
  capture: "captured",
  cancel: "canceled",
  refund: "refunded",
}

const baseOf = (w: Work) => ({
  order_id: w.item.order_id,
  payment_id: w.payment.id,
  order_no: w.payment.data!.order_no,
})

/** The result of an order with nothing to record (done, refused, not sent), else undefined. */
function unrecorded(work: Work, v: EntryVerdict | undefined): BulkItemResult | undefined {
  const s = work.step
  if (s.kind === "done") return { ...baseOf(work), status: "already_done" }
  if (s.kind === "refuse") return { ...baseOf(work), status: "failed", error: s.reason }
  if (s.kind === "send" && (!v || !v.ok))
    return { ...baseOf(work), status: "failed", error: v && !v.ok ? v.error : "not sent" }
  return undefined
}

/** A result per order, in the order of `work`; one order's failure is its own result. */
export function finishAll(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work[],
  verdict: Map<string, EntryVerdict>,
): Promise<BulkItemResult[]> {
  return mapLimit(work, RECORD_CONCURRENCY, (w) => finishOne(container, op, w, verdict.get(w.payment.data!.order_no)))
}

async function finishOne(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work,
  v: EntryVerdict | undefined,
): Promise<BulkItemResult> {
  const done = unrecorded(work, v)
  if (done) return done
  const s = work.step as { kind: "send" | "record"; amount: string }
  const refund = s.kind === "send" && op === "refund" && v?.ok ? (v.entry as RefundResult) : work.refund
  try {
    await recordInMedusa(container, op, work.payment, s.amount, refund, s.kind === "record" ? "gateway" : "medusa")
  } catch (e) {
    return {
      ...baseOf(work),
      status: "failed",
      amount: s.amount,
      error: `the gateway did it; recording in Medusa failed (retry the call or run reconciliation): ${(e as Error).message}`,
    }
  }
  return {
    ...baseOf(work),
    status: DONE[op],
    amount: s.amount,
    ...(refund ? { refund_reference_id: refund.refund_reference_id } : {}),
    ...(s.kind === "record" ? { recorded_only: true } : {}),
  }
}
