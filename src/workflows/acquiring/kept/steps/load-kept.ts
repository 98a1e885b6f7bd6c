import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { keptOfOrders } from "../../../../lib/acquiring/queries/kept"

/** These orders' unreleased kept authorisations, and whether each order still needs them. */
export const loadKeptStep = createStep("acquiring-load-kept", async (input: { order_ids: string[] }, { container }) => {
  return new StepResponse(await keptOfOrders(container, input.order_ids))
})
