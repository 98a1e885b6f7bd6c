import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { acquireLocksStep } from "./steps/acquire-locks"
import { clearCaptureDueStep } from "./steps/clear-capture-due"
import { fulfilledUncapturedStep } from "./steps/fulfilled-uncaptured"
import { markCaptureDueStep } from "./steps/mark-capture-due"
import { onFulfilmentConfiguredStep } from "./steps/on-fulfilment-configured"
import { releaseLocksStep } from "./steps/release-locks"
import { bulkSteps } from "./workflows"

const SWEEP_LOCK = LOCK_KEYS.captureSweep

export interface CaptureFulfilledInput {
  /** The orders a fulfillment event just marked due. */
  order_ids?: string[]
}

/**
 * capture_mode on_fulfillment, batched: each event marks its order due and runs this sweep, which captures
 * every due order under one lock. Events queued behind the first find nothing left. Null when nothing to do.
 */
export const captureFulfilledWorkflow = createWorkflow(
  "acquiring-capture-fulfilled",
  (input: WorkflowData<CaptureFulfilledInput>) => {
    const configured = onFulfilmentConfiguredStep()
    when({ configured }, ({ configured }) => configured).then(() => {
      markCaptureDueStep(transform({ input }, ({ input }) => ({ order_ids: input?.order_ids ?? [] })))
    })
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
  },
)
