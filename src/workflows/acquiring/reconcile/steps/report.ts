import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { mergeReports, type ConfigReport } from "../../../../lib/acquiring/reconcile/report"
import { RECONCILE_REPORT_STEP } from "../../../../lib/acquiring/reconcile/runs"

export const reportReconcileStep = createStep(
  RECONCILE_REPORT_STEP,
  async ({ started_at, reports }: { started_at: string; reports: ConfigReport[] }) =>
    new StepResponse(mergeReports(started_at, reports, new Date().toISOString())),
)
