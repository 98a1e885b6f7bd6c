import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderOfCollection } from "../../../../lib/acquiring/queries/kept"

/** The order a paid collection belongs to; none for a cart's. */
export const orderOfCollectionStep = createStep(
  "acquiring-order-of-collection",
  async (input: { collection_id: string }, { container }) =>
    new StepResponse(await orderOfCollection(container, input.collection_id)),
)
