import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { EntryVerdict } from "../../../../lib/acquiring/batch"
import { finishAll } from "../finish"
import type { BulkOperation } from "../plan"
import type { BulkItemResult, Work } from "../types"

/**
 * Record in Medusa what the gateway did, order by order through Medusa's workflows (finish.ts,
 * ../../payments): a bulk call is a dynamic list of payments, so this step runs one recording
 * workflow per payment with its own container (runAsStep composes a graph fixed when the
 * workflow is built). Each order's failure is its result ("retry the call or run
 * reconciliation"), never the run's: the gateway verdicts are kept. No compensation of its
 * own: what it recorded is what the gateway did, and a retried call finds it already_done.
 */
export const recordBulkResultsStep = createStep(
  "acquiring-bulk-record-results",
  async (input: { operation: BulkOperation; work: Work[]; verdicts: Record<string, EntryVerdict> }, { container }) => {
    const verdicts = new Map(Object.entries(input.verdicts))
    return new StepResponse<BulkItemResult[]>(await finishAll(container, input.operation, input.work, verdicts))
  },
)
