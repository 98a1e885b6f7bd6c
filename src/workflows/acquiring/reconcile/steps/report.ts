import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ReconcileReport } from "../run"
import type { TargetParts } from "../targets"
import type { LoadedTargets } from "./load-targets"

export const RECONCILE_REPORT_STEP = "acquiring-reconcile-report"

export const reportReconcileStep = createStep(
  RECONCILE_REPORT_STEP,
  async ({ loaded, steps }: { loaded: LoadedTargets; steps: TargetParts[] }) => {
    const report: ReconcileReport = {
      started_at: loaded.started_at,
      finished_at: new Date().toISOString(),
      payments_checked: 0,
      sessions_checked: 0,
      changes: [],
    }
    for (const { config_id } of loaded.targets) {
      for (const step of steps) {
        const part = step.find((p) => p.config_id === config_id)
        if (!part) continue
        report.payments_checked += part.payments_checked ?? 0
        report.sessions_checked += part.sessions_checked ?? 0
        report.changes.push(...part.changes)
      }
    }
    return new StepResponse(report)
  },
)
