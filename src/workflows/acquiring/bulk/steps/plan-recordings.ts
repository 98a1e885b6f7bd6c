import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { EntryVerdict } from "../../../../lib/acquiring/batch"
import { planRecordings, type BulkRecordings } from "../../../../lib/acquiring/bulk/finish"
import type { BulkOperation } from "../../../../lib/acquiring/bulk/plan"
import type { Work } from "../../../../lib/acquiring/bulk/types"

/** Read-only: what each order the gateway answered needs recorded in Medusa (the capture sealed). */
export const planBulkRecordingsStep = createStep(
  "acquiring-bulk-plan-recordings",
  async (input: { operation: BulkOperation; work: Work[]; verdicts: Record<string, EntryVerdict> }, { container }) =>
    new StepResponse<BulkRecordings>(planRecordings(container, input.operation, input.work, input.verdicts)),
)
