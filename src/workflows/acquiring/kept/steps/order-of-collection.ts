import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ordersOfCollections } from "../../../../lib/acquiring/queries/order-links"

/** The order a paid collection belongs to; none for a cart's. */
export const orderOfCollectionStep = createStep(
  "acquiring-order-of-collection",
  async (input: { collection_id: string }, { container }) =>
    new StepResponse((await ordersOfCollections(container, [input.collection_id])).get(input.collection_id)),
)
