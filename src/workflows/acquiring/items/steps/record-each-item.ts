import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { mapLimit } from "../../../../gateway/concurrency"
import { itemConcurrency, mayRun, type ItemResult, type PlannedItem } from "../../../../lib/acquiring/items/record-item"
import { recordItemWorkflow } from "../record-item"

export interface EachItemInput {
  items: PlannedItem[]
  /** The first failure fails this step (and the run), as a gateway failure settling an orphan should. */
  stop_on_error?: boolean
  /** Items recorded at once when none waits for another: payments of different orders are independent. */
  concurrency?: number
}

/**
 * Runs recordItemWorkflow once per item, in order unless `concurrency` says otherwise: the items are known
 * only at run time, and each is its own transaction, so one item's failure never undoes another's. No
 * compensation: a failed item undoes itself, and a done one is final at the gateway; a retry finds it done.
 */
export const recordEachItemStep = createStep(
  "acquiring-record-each-item",
  async ({ items, stop_on_error, concurrency }: EachItemInput, { container }) => {
    const results: ItemResult[] = []
    await mapLimit(items, itemConcurrency(items, concurrency), async ({ after: _after, ...item }, i) => {
      if (!mayRun(items, results, i)) {
        results[i] = { status: "skipped" }
        return
      }
      const { result, errors } = await recordItemWorkflow(container).run({ input: item, throwOnError: false })
      if (!errors?.length) {
        results[i] = { status: "done", ...result }
        return
      }
      if (stop_on_error) throw errors[0].error
      const error = errors[0].error as Error | undefined
      results[i] = { status: "failed", error: error?.message ?? String(errors[0].error) }
    })
    return new StepResponse({ results })
  },
)
