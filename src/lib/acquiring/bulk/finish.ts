import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { RefundResult } from "../../../gateway/schemas/batch"
import type { RefundRecord } from "../../../gateway/schemas/transactions"
import type { EntryVerdict } from "../batch"
import type { ItemResult, RecordItem } from "../items/record-item"
import { sealedCapture } from "../payments/sealed-capture"
import type { BulkOperation } from "./plan"
import type { BulkItemResult, Work } from "./types"

/** Payments of different orders are independent (Medusa locks each row), so a few are recorded at once. */
export const RECORD_CONCURRENCY = 8

const DONE: Record<BulkOperation, BulkItemResult["status"]> = {
  capture: "captured",
  cancel: "canceled",
  refund: "refunded",
}

/** Per order: its result already, or the index of its recording among `items` and its result once recorded. */
export type BulkFinish = { result: BulkItemResult } | { item: number; recorded: BulkItemResult }

/** What a bulk call records in Medusa, one item per order the gateway did it for. */
export interface BulkRecordings {
  finishes: BulkFinish[]
  items: RecordItem[]
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

/** The gateway did it but Medusa could not record it: the order's result says how to finish. */
function recordFailed(recorded: BulkItemResult, message: string): BulkItemResult {
  const { order_id, payment_id, order_no, amount } = recorded
  return {
    order_id,
    payment_id,
    order_no,
    status: "failed",
    amount,
    error: `the gateway did it; recording in Medusa failed (retry the call or run reconciliation): ${message}`,
  }
}

/** Capture: sent by this call ("medusa") or found done at the gateway, e.g. in its portal ("gateway"). */
function recordingOf(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work,
  amount: string,
  refund: RefundResult | RefundRecord | undefined,
  source: "medusa" | "gateway",
): RecordItem {
  const payment_id = work.payment.id
  if (op === "cancel") return { kind: "cancel", payment_id }
  if (op === "capture")
    return { kind: "capture", payment_id, amount, sealed: sealedCapture(container, work.payment, { amount, source }) }
  if (!refund || !work.payment.data)
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "no gateway refund to record")
  return { kind: "refund", payment_id, amount, refund_reference_id: refund.refund_reference_id, refund, source: "bulk" }
}

/** Each order's recording, in the order of `work` (the capture's seal needs the container's options). */
export function planRecordings(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work[],
  verdicts: Record<string, EntryVerdict>,
): BulkRecordings {
  const verdict = new Map(Object.entries(verdicts))
  const items: RecordItem[] = []
  const finishes = work.map((w): BulkFinish => {
    const v = verdict.get(w.payment.data!.order_no)
    const done = unrecorded(w, v)
    if (done) return { result: done }
    const s = w.step as { kind: "send" | "record"; amount: string }
    const refund = s.kind === "send" && op === "refund" && v?.ok ? (v.entry as RefundResult) : w.refund
    const recorded: BulkItemResult = {
      ...baseOf(w),
      status: DONE[op],
      amount: s.amount,
      ...(refund ? { refund_reference_id: refund.refund_reference_id } : {}),
      ...(s.kind === "record" ? { recorded_only: true } : {}),
    }
    try {
      items.push(recordingOf(container, op, w, s.amount, refund, s.kind === "record" ? "gateway" : "medusa"))
    } catch (e) {
      return { result: recordFailed(recorded, (e as Error).message) }
    }
    return { item: items.length - 1, recorded }
  })
  return { finishes, items }
}

/** A result per order, in the order of `work`; one order's failed recording is its own result. */
export function bulkResults({ finishes }: BulkRecordings, results: ItemResult[]): BulkItemResult[] {
  return finishes.map((f) => {
    if ("result" in f) return f.result
    const r = results[f.item]
    if (r?.status === "done") return f.recorded
    return recordFailed(f.recorded, r?.status === "failed" ? r.error : "not recorded")
  })
}
