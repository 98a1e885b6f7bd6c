import type { IWorkflowEngineService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { RECONCILE_RUN_WORKFLOW, RUN_ID, runOf, type ReconcileRun, type StoredExecution } from "../reconcile/runs"

/** A background run's state, or null when unknown or older than its retention. */
export async function readRun(container: MedusaContainer, id: string): Promise<ReconcileRun | null> {
  if (!RUN_ID.test(id)) return null
  const engine = container.resolve<IWorkflowEngineService>(Modules.WORKFLOW_ENGINE)
  const [exec] = await engine.listWorkflowExecutions(
    { workflow_id: RECONCILE_RUN_WORKFLOW, transaction_id: id },
    { take: 1 },
  )
  return exec ? runOf(id, exec as unknown as StoredExecution) : null
}
