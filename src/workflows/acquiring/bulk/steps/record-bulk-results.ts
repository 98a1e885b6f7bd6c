import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { EntryVerdict } from "../../../../lib/acquiring/batch"
import { finishAll } from "../../../../lib/acquiring/bulk/finish"
import type { BulkOperation } from "../../../../lib/acquiring/bulk/plan"
import type { BulkItemResult, Work } from "../../../../lib/acquiring/bulk/types"
import { recordBulkResultWorkflow } from "../record-bulk-result"

/**
 * Runs the recording workflow once for each order the gateway answered (a list known only at run time;
 * runAsStep composes a fixed graph). An order's failure is its result, never the run's; no compensation:
 * a retry finds it already_done.
 */
export const recordEachBulkResultStep = createStep(
  "acquiring-bulk-record-results",
  async (input: { operation: BulkOperation; work: Work[]; verdicts: Record<string, EntryVerdict> }, { container }) => {
    const verdicts = new Map(Object.entries(input.verdicts))
    const results = await finishAll(container, input.operation, input.work, verdicts, (recording) =>
      recordBulkResultWorkflow(container).run({ input: recording }),
    )
    return new StepResponse<BulkItemResult[]>(results)
  },
)
