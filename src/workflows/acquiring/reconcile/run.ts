import type { MedusaContainer } from "@medusajs/framework/types"
import type { ReconcileChange } from "./apply"
import { reconcileWorkflow } from "./workflow"

export interface ReconcileInput {
  /** Only these provider configs (config ids, e.g. "acquiring"); default all. */
  config_ids?: string[]
  /** Only the payments of these orders (the widget's "sync now"); carts are then not scanned. */
  order_ids?: string[]
}

export interface ReconcileReport {
  started_at: string
  finished_at: string
  payments_checked: number
  sessions_checked: number
  changes: ReconcileChange[]
}

/**
 * Ask the gateway (retrievalTrans and retrievalRefund, ≤ 100 orders per request) about every
 * open acquiring payment and bring Medusa up to date; report what changed. Runs reconcileWorkflow
 * (workflow.ts) in this process: the scheduled job's and "sync now"'s way in.
 */
export async function reconcile(container: MedusaContainer, input: ReconcileInput = {}): Promise<ReconcileReport> {
  const { result } = await reconcileWorkflow(container).run({ input })
  return result
}
