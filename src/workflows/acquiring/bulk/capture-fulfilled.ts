import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLocksStep, releaseLocksStep } from "./steps/locks"
import {
  clearCaptureDueStep,
  fulfilledUncapturedStep,
  onFulfilmentConfiguredStep,
  onFulfilmentProviders,
} from "./steps/fulfilled-uncaptured"
import { booksOf } from "../books/books"
import type { BulkReport } from "./types"
import { bulkSteps } from "./workflows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"

const SWEEP_LOCK = LOCK_KEYS.captureSweep

/**
 * capture_mode on_fulfillment, batched: each event marks its order due and runs this sweep, which captures
 * every due order under one lock. Events queued behind the first find nothing left. Null when nothing to do.
 */
export const captureFulfilledWorkflow = createWorkflow("acquiring-capture-fulfilled", () => {
  const configured = onFulfilmentConfiguredStep()
  const sweepKeys = transform({ configured }, ({ configured }) => (configured ? [SWEEP_LOCK] : []))
  const sweep = acquireLocksStep({ keys: sweepKeys, timeout: 120 }).config({ name: "acquiring-acquire-sweep-lock" })
  const found = fulfilledUncapturedStep()
  const items = transform({ found }, ({ found }) => found.order_ids.map((order_id) => ({ order_id })))
  const report = bulkSteps(
    "capture",
    transform({ items }, ({ items }) => ({ items })),
    "fulfillment",
  )
  const failed = transform({ report }, ({ report }) =>
    report.results.filter((r) => r.status === "failed").map((r) => r.order_id),
  )
  clearCaptureDueStep(transform({ found, failed }, ({ found, failed }) => ({ due: found.due, failed })))
  releaseLocksStep(sweep).config({ name: "acquiring-release-sweep-lock" })
  const result = transform({ found, report }, ({ found, report }) => (found.order_ids.length ? report : null))
  return new WorkflowResponse(result)
})

export async function captureFulfilledOrders(
  container: MedusaContainer,
  orderIds: string[] = [],
): Promise<BulkReport | null> {
  if (!onFulfilmentProviders(container)) return null
  await booksOf(container).markCaptureDue(orderIds)
  const { result } = await captureFulfilledWorkflow(container).run()
  return result as BulkReport | null
}
