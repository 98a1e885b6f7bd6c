import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { ReconcileInput, ReconcileReport } from "../../../lib/acquiring/reconcile/report"
import { RECONCILE_WORKFLOW } from "../../../lib/acquiring/reconcile/runs"
import { loadReconcileTargetsStep } from "./steps/load-targets"
import { reconcileEachConfigStep } from "./steps/reconcile-each-config"
import { reportReconcileStep } from "./steps/report"

/** The provider configs → one reconcileConfigWorkflow each → one report. Shared by the in-place and background runs. */
export function reconcileSteps(
  input: WorkflowData<ReconcileInput>,
  opts: { stored?: boolean } = {},
): WorkflowData<ReconcileReport> {
  // Stored: the checkpoint as the first step starts is written, so a reader sees the run running.
  const loaded = opts.stored ? loadReconcileTargetsStep(input).config({ store: true }) : loadReconcileTargetsStep(input)
  const reports = reconcileEachConfigStep(transform({ loaded }, ({ loaded }) => ({ targets: loaded.targets })))
  return reportReconcileStep(
    transform({ loaded, reports }, ({ loaded, reports }) => ({ started_at: loaded.started_at, reports })),
  )
}

/**
 * Not stored: it runs in the caller's process and leaves no execution row behind. The scheduled job,
 * "sync now" and the bench run it.
 */
export const reconcileWorkflow = createWorkflow(RECONCILE_WORKFLOW, (input: WorkflowData<ReconcileInput>) => {
  return new WorkflowResponse(reconcileSteps(input))
})
