import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLocksStep, releaseLocksStep } from "./steps/locks"
import { fulfilledUncapturedStep, onFulfilmentConfiguredStep } from "./steps/fulfilled-uncaptured"
import type { BulkReport } from "./types"
import { bulkSteps } from "./workflows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"

/** One sweep at a time, cluster-wide. */
const SWEEP_LOCK = LOCK_KEYS.captureSweep

/**
 * capture_mode on_fulfillment, batched: each fulfilment event sweeps every fulfilled, uncaptured
 * on-fulfilment payment under one cluster-wide lock and captures them with the bulk capture's
 * steps (gateway requests of ≤ 50). When many orders are fulfilled together, the first sweep
 * takes them all; the events queued behind it find nothing left and send nothing. The result
 * is null when no provider captures on fulfilment or nothing was left to capture.
 */
export const captureFulfilledWorkflow = createWorkflow("acquiring-capture-fulfilled", () => {
  const configured = onFulfilmentConfiguredStep()
  const sweepKeys = transform({ configured }, ({ configured }) => (configured ? [SWEEP_LOCK] : []))
  const sweep = acquireLocksStep({ keys: sweepKeys, timeout: 120 }).config({ name: "acquiring-acquire-sweep-lock" })
  const orderIds = fulfilledUncapturedStep()
  const items = transform({ orderIds }, ({ orderIds }) => orderIds.map((order_id) => ({ order_id })))
  const report = bulkSteps(
    "capture",
    transform({ items }, ({ items }) => ({ items })),
    "fulfillment",
  )
  releaseLocksStep(sweep).config({ name: "acquiring-release-sweep-lock" })
  const result = transform({ orderIds, report }, ({ orderIds, report }) => (orderIds.length ? report : null))
  return new WorkflowResponse(result)
})

/** Run the sweep (the subscriber's call): the capture report, or null when there was nothing to do. */
export async function captureFulfilledOrders(container: MedusaContainer): Promise<BulkReport | null> {
  const { result } = await captureFulfilledWorkflow(container).run()
  return result as BulkReport | null
}
