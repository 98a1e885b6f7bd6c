import { createWorkflow, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { ReconcileInput } from "../../../lib/acquiring/reconcile/report"
import { RECONCILE_RUN_WORKFLOW, RUN_RETENTION_SECONDS } from "../../../lib/acquiring/reconcile/runs"
import { queueReconcileRunStep } from "./steps/queue-run"
import { reconcileSteps } from "./workflow"

/**
 * "Sync now" in the background: a reconciliation Medusa's workflow engine stores (one
 * workflow_execution row per run, kept RUN_RETENTION_SECONDS after it ends) and resumes after
 * the hand-off on whichever instance takes the queued continuation. Idempotent: a run id runs once.
 */
export const reconcileRunWorkflow = createWorkflow(
  { name: RECONCILE_RUN_WORKFLOW, store: true, retentionTime: RUN_RETENTION_SECONDS, idempotent: true },
  (input: WorkflowData<ReconcileInput>) => {
    queueReconcileRunStep(input)
    return new WorkflowResponse(reconcileSteps(input, { stored: true }))
  },
)
