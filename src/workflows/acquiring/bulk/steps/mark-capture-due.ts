import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquiringOf } from "../../../../modules/acquiring"

/**
 * The fulfilled orders marked due before the sweep. No compensation: a run that fails (another sweep
 * holds the lock) leaves them due, so that sweep or the next captures them.
 */
export const markCaptureDueStep = createStep(
  "acquiring-mark-capture-due",
  async ({ order_ids }: { order_ids: string[] }, { container }) => {
    await acquiringOf(container).markCaptureDue(order_ids)
    return new StepResponse(order_ids.length)
  },
)
