import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { MULTI_PAYMENT_GATE, paymentLockKeys } from "../../../lib/acquiring/queries/locks"
import { bulkResults, RECORD_CONCURRENCY } from "../../../lib/acquiring/bulk/finish"
import { refundMarker, uniqueItems } from "../../../lib/acquiring/bulk/items"
import type { BulkOperation } from "../../../lib/acquiring/bulk/plan"
import { acquireLocksStep } from "./steps/acquire-locks"
import { releaseLocksStep } from "./steps/release-locks"
import { paymentsToLockStep } from "./steps/payments-to-lock"
import { recordEachItemStep } from "../items/steps/record-each-item"
import { planBulkStep } from "./steps/plan-bulk"
import { planBulkRecordingsStep } from "./steps/plan-recordings"
import { sendBulkBatchStep } from "./steps/send-bulk-batch"
import type { BulkItem, BulkItemResult, BulkOptions, BulkReport } from "../../../lib/acquiring/bulk/types"

export interface BulkWorkflowInput extends BulkOptions {
  items: BulkItem[]
}

const LOCK_WAIT_SECONDS = 120

/**
 * Which payments → lock (gate first, sorted keys) → plan → send (no return) → record, an item per
 * order → release. Before the gateway answers, a failure undoes the locks; after, each verdict is recorded.
 */
export function bulkSteps(
  op: BulkOperation,
  input: WorkflowData<BulkWorkflowInput>,
  source = "bulk",
): WorkflowData<BulkReport> {
  const call = transform({ input }, ({ input }) => {
    const items = uniqueItems(input.items)
    return { items, marker: refundMarker(items, input) }
  })
  const paymentIds = paymentsToLockStep({ items: call.items })
  const lockKeys = transform({ paymentIds }, ({ paymentIds }) => paymentLockKeys(paymentIds))
  const locks = acquireLocksStep({ keys: lockKeys, gate: MULTI_PAYMENT_GATE, timeout: LOCK_WAIT_SECONDS })
  const planned = planBulkStep({ operation: op, items: call.items, marker: call.marker })
  const sent = sendBulkBatchStep({ operation: op, work: planned.work, marker: call.marker, source })
  const recordings = planBulkRecordingsStep({ operation: op, work: planned.work, verdicts: sent.verdicts })
  const recorded = recordEachItemStep(
    transform({ recordings }, ({ recordings }) => ({ items: recordings.items, concurrency: RECORD_CONCURRENCY })),
  ).config({ name: "acquiring-bulk-record-results" })
  releaseLocksStep(locks)
  return transform({ call, planned, sent, recordings, recorded }, (d): BulkReport => {
    const { call, planned, sent } = d
    const byOrder = new Map<string, BulkItemResult>()
    for (const r of [...planned.results, ...bulkResults(d.recordings, d.recorded.results)]) byOrder.set(r.order_id, r)
    return {
      operation: op,
      gateway_requests: sent.requests,
      results: call.items.map((i) => byOrder.get(i.order_id)!),
    }
  })
}

const bulkWorkflow = (op: BulkOperation) =>
  createWorkflow(`acquiring-bulk-${op}`, (input: WorkflowData<BulkWorkflowInput>) => {
    return new WorkflowResponse(bulkSteps(op, input))
  })

/**
 * Capture, cancel or refund the acquiring payments of many orders: gateway requests of at most
 * 50 (per account), a result per order, one failure never blocks the others, a retried call
 * sends nothing twice. Routes run them with `{ input: { items } }`.
 */
export const bulkCaptureWorkflow = bulkWorkflow("capture")
export const bulkCancelWorkflow = bulkWorkflow("cancel")
/** Refund: `reason` is sent as refund_reason; a retry with the same `idempotency_key` (default: from the items) never refunds twice. */
export const bulkRefundWorkflow = bulkWorkflow("refund")
