import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { mapLimit } from "../../../gateway/concurrency"
import type { RefundResult } from "../../../gateway/schemas/batch"
import type { RefundRecord } from "../../../gateway/schemas/transactions"
import type { EntryVerdict } from "../batch"
import { sealedCapture, type SealedPaymentData } from "../payments/sealed-capture"
import type { BulkOperation } from "./plan"
import type { BulkItemResult, Work } from "./types"

/** Payments of different orders are independent (Medusa locks each row), so a few are recorded at once. */
const RECORD_CONCURRENCY = 8

const DONE: Record<BulkOperation, BulkItemResult["status"]> = {
  capture: "captured",
  cancel: "canceled",
  refund: "refunded",
}

/** What one order's recording in Medusa needs: the sealed capture, or the gateway's refund. */
export interface BulkRecording {
  operation: BulkOperation
  payment_id: string
  amount: string
  sealed: SealedPaymentData | null
  refund?: RefundResult | RefundRecord
}

/** Records one order through Medusa's own paths (the recording workflow, run by the caller). */
export type RecordBulkResult = (recording: BulkRecording) => Promise<unknown>

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
  record: RecordBulkResult,
): Promise<BulkItemResult[]> {
  return mapLimit(work, RECORD_CONCURRENCY, (w) =>
    finishOne(container, op, w, verdict.get(w.payment.data!.order_no), record),
  )
}

/** Capture: sent by this call ("medusa") or found done at the gateway, e.g. in its portal ("gateway"). */
function recordingOf(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work,
  amount: string,
  refund: RefundResult | RefundRecord | undefined,
  source: "medusa" | "gateway",
): BulkRecording {
  if (op === "refund" && (!refund || !work.payment.data))
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "no gateway refund to record")
  const sealed = op === "capture" ? sealedCapture(container, work.payment, { amount, source }) : null
  return { operation: op, payment_id: work.payment.id, amount, sealed, refund }
}

async function finishOne(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work,
  v: EntryVerdict | undefined,
  record: RecordBulkResult,
): Promise<BulkItemResult> {
  const done = unrecorded(work, v)
  if (done) return done
  const s = work.step as { kind: "send" | "record"; amount: string }
  const refund = s.kind === "send" && op === "refund" && v?.ok ? (v.entry as RefundResult) : work.refund
  try {
    await record(recordingOf(container, op, work, s.amount, refund, s.kind === "record" ? "gateway" : "medusa"))
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
