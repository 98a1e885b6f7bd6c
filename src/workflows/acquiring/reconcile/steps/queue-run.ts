import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { formatIssues } from "../../../../gateway/zod-issues"
import { ReconcileInput } from "../../../../lib/acquiring/reconcile/report"

/** As a background step its end is scheduled by the engine, so the run continues wherever the engine runs workflows. */
export const queueReconcileRunStep = createStep(
  { name: "acquiring-reconcile-queue-run", async: true, backgroundExecution: true },
  async (input: ReconcileInput) => {
    const parsed = ReconcileInput.safeParse(input)
    if (!parsed.success)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `input: ${formatIssues(parsed.error, { fallback: "body" })}`,
      )
    return new StepResponse(undefined)
  },
)
