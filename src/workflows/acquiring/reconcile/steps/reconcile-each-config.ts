import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { failedReport, type ConfigReport, type ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { reconcileConfigWorkflow } from "../config-workflow"

/** The engine's outputs of the steps a failed run finished, in the order they ran. */
function finishedOutputs(transaction: unknown): unknown[] {
  const ctx = (transaction as { getContext?: () => { invoke?: Record<string, { output?: unknown }> } })?.getContext?.()
  return Object.values(ctx?.invoke ?? {}).map((v) => (v?.output as { output?: unknown } | undefined)?.output)
}

/**
 * Runs reconcileConfigWorkflow once per provider config, one after another: the configs are known only
 * at run time. A config that fails keeps what it did, gets one error line, and the others go on.
 */
export const reconcileEachConfigStep = createStep(
  "acquiring-reconcile-each-config",
  async ({ targets }: { targets: ReconcileTarget[] }, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
    const reports: ConfigReport[] = []
    for (const target of targets) {
      const { result, errors, transaction } = await reconcileConfigWorkflow(container).run({
        input: target,
        throwOnError: false,
      })
      if (!errors?.length) {
        reports.push(result as ConfigReport)
        continue
      }
      const message = (errors[0].error as Error | undefined)?.message ?? String(errors[0].error)
      logger.error(`acquiring: reconciliation of ${target.config_id} failed: ${message}`)
      reports.push(failedReport(target.config_id, message, finishedOutputs(transaction)))
    }
    return new StepResponse(reports)
  },
)
