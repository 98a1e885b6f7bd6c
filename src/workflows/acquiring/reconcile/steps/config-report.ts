import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { configReportOf, type StepPart } from "../../../../lib/acquiring/reconcile/report"

export const configReportStep = createStep(
  "acquiring-reconcile-config-report",
  async ({ config_id, parts }: { config_id: string; parts: StepPart[] }) =>
    new StepResponse(configReportOf(config_id, parts)),
)
