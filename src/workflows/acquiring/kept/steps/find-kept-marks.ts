import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { keptMarksOfOrders } from "../../../../lib/acquiring/queries/kept"

/** The kept marks the provider wrote when an edit canceled these orders' collections. */
export const findKeptMarksStep = createStep(
  "acquiring-find-kept-marks",
  async (input: { order_ids: string[] }, { container }) =>
    new StepResponse(await keptMarksOfOrders(container, input.order_ids)),
)
