import type { MedusaContainer } from "@medusajs/framework/types"
import type { ReconcileChange } from "./apply"
import { reconcileWorkflow } from "./workflow"

export interface ReconcileInput {
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

/** Run reconcileWorkflow in this process: the scheduled job's and "sync now"'s way in. */
export async function reconcile(container: MedusaContainer, input: ReconcileInput = {}): Promise<ReconcileReport> {
  const { result } = await reconcileWorkflow(container).run({ input })
  return result
}
