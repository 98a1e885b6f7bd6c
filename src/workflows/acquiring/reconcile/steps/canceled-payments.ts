import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { canceledPaymentsOf } from "../../../../lib/acquiring/queries/canceled-orders"
import type { CanceledOrdersInput } from "../../../../lib/acquiring/reconcile/canceled"

/** A kept authorisation of an order edit is left to its own release. */
export const canceledPaymentsStep = createStep(
  "acquiring-canceled-order-payments",
  async (input: CanceledOrdersInput, { container }) =>
    new StepResponse(await canceledPaymentsOf(container, input.order_ids, input.provider_ids)),
)
