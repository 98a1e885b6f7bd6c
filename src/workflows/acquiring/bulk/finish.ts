import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { mapLimit } from "../../../gateway/concurrency"
import type { RefundResult } from "../../../gateway/schemas/batch"
import type { BulkOperation } from "./plan"
import { recordInMedusa } from "./record"
import { recordCapturesWorkflow } from "./record-captures"
import type { EntryVerdict } from "../../../lib/acquiring/batch"
import { ALREADY_CAPTURED, type CaptureToRecord, type RecordCapturesResult } from "./steps/record-payment-captures"
import type { BulkItemResult, Work } from "./types"

/** Orders recorded one by one at once (cancel, refund, and captures when the batch failed). */
const RECORD_CONCURRENCY = 8

const DONE: Record<BulkOperation, BulkItemResult["status"]> = {
  capture: "captured",
  cancel: "canceled",
  refund: "refunded",
}

type Verdicts = Map<string, EntryVerdict>
const amountOf = (w: Work) => (w.step as { amount: string }).amount
const baseOf = (w: Work) => ({
  order_id: w.item.order_id,
  payment_id: w.payment.id,
  order_no: w.payment.data!.order_no,
})
const recordFailed = (work: Work, amount: string, why: string): BulkItemResult => ({
  ...baseOf(work),
  status: "failed",
  amount,
  error: `the gateway did it; recording in Medusa failed (retry the call or run reconciliation): ${why}`,
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

/** Record every order's outcome in Medusa; a result per order, in no particular order. */
export async function finishAll(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work[],
  verdict: Verdicts,
): Promise<BulkItemResult[]> {
  const verdictOf = (w: Work) => verdict.get(w.payment.data!.order_no)
  if (op !== "capture") return mapLimit(work, RECORD_CONCURRENCY, (w) => finishOne(container, op, w, verdictOf(w)))
  const results: BulkItemResult[] = []
  const toRecord: Work[] = []
  for (const w of work) {
    const r = unrecorded(w, verdictOf(w))
    if (r) results.push(r)
    else toRecord.push(w)
  }
  return [...results, ...(await recordCaptures(container, toRecord, verdict))]
}

/**
 * Captures in one batch workflow; when it fails as a whole (it undoes itself), each order is
 * recorded on its own through Medusa's capturePaymentWorkflow, so one bad payment fails alone.
 */
async function recordCaptures(container: MedusaContainer, work: Work[], verdict: Verdicts): Promise<BulkItemResult[]> {
  if (!work.length) return []
  const captures: CaptureToRecord[] = work.map((work) => ({
    payment_id: work.payment.id,
    order_id: work.payment.order_id!,
    amount: amountOf(work),
    source: work.step.kind === "record" ? "gateway" : "medusa",
  }))
  let outcome: RecordCapturesResult
  try {
    outcome = (await recordCapturesWorkflow(container).run({ input: { captures } })).result as RecordCapturesResult
  } catch (e) {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    logger.warn(
      `acquiring bulk capture: recording ${work.length} captures as one batch failed (${(e as Error).message}); recording them one by one`,
    )
    return mapLimit(work, RECORD_CONCURRENCY, (w) =>
      finishOne(container, "capture", w, verdict.get(w.payment.data!.order_no)),
    )
  }
  const recorded = new Set(outcome.recorded.map((c) => c.payment_id))
  return work.map((work) => {
    const amount = amountOf(work)
    if (recorded.has(work.payment.id)) return succeeded("capture", work, amount)
    const why = outcome.skipped[work.payment.id] ?? "not recorded"
    // Another capture got there first (between our read and the write): the gateway captured once.
    return why === ALREADY_CAPTURED
      ? { ...baseOf(work), status: "already_done" as const }
      : recordFailed(work, amount, why)
  })
}

const succeeded = (
  op: BulkOperation,
  work: Work,
  amount: string,
  refund?: { refund_reference_id: string },
): BulkItemResult => ({
  ...baseOf(work),
  status: DONE[op],
  amount,
  ...(refund ? { refund_reference_id: refund.refund_reference_id } : {}),
  ...(work.step.kind === "record" ? { recorded_only: true } : {}),
})

export async function finishOne(
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
    return recordFailed(work, s.amount, (e as Error).message)
  }
  return succeeded(op, work, s.amount, refund)
}
