import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { EntryVerdict } from "../../../../lib/acquiring/batch"
import { finishAll } from "../finish"
import type { BulkOperation } from "../plan"
import type { BulkItemResult, Work } from "../types"

/**
 * One recording workflow per payment with its own container (runAsStep composes a fixed graph). An order's
 * failure is its result, never the run's; no compensation: a retry finds it already_done.
 */
export const recordBulkResultsStep = createStep(
  "acquiring-bulk-record-results",
  async (input: { operation: BulkOperation; work: Work[]; verdicts: Record<string, EntryVerdict> }, { container }) => {
    const verdicts = new Map(Object.entries(input.verdicts))
    return new StepResponse<BulkItemResult[]>(await finishAll(container, input.operation, input.work, verdicts))
  },
)
