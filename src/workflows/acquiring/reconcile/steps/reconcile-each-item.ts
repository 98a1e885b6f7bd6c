import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { mayRun, type ItemResult, type PlannedItem } from "../../../../lib/acquiring/reconcile/items"
import { reconcileItemWorkflow } from "../item-workflow"

export interface EachItemInput {
  items: PlannedItem[]
  /** The first failure fails this step (and the run), as a gateway failure settling an orphan should. */
  stop_on_error?: boolean
}

/**
 * Runs reconcileItemWorkflow once per item, in order: the items are known only at run time, and each
 * is its own transaction, so one item's failure never undoes another's.
 */
export const reconcileEachItemStep = createStep(
  "acquiring-reconcile-each-item",
  async ({ items, stop_on_error }: EachItemInput, { container }) => {
    const results: ItemResult[] = []
    for (let i = 0; i < items.length; i++) {
      if (!mayRun(items, results, i)) {
        results.push({ status: "skipped" })
        continue
      }
      const { after: _after, ...item } = items[i]
      const { result, errors } = await reconcileItemWorkflow(container).run({ input: item, throwOnError: false })
      if (!errors?.length) {
        results.push({ status: "done", ...result })
        continue
      }
      if (stop_on_error) throw errors[0].error
      const error = errors[0].error as Error | undefined
      results.push({ status: "failed", error: error?.message ?? String(errors[0].error) })
    }
    return new StepResponse({ results })
  },
)
