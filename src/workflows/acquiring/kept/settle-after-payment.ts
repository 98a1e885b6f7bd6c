import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { settleKeptAuthorisationsWorkflow } from "./settle"
import { orderOfCollectionStep } from "./steps/order-of-collection"

/** An order's later collection is paid: the authorisation its edit kept is voided now. */
export const settleKeptAfterPaymentWorkflow = createWorkflow(
  "acquiring-settle-kept-after-payment",
  (input: { collection_id: string }) => {
    const orderId = orderOfCollectionStep(input)
    when({ orderId }, ({ orderId }) => !!orderId).then(() =>
      settleKeptAuthorisationsWorkflow.runAsStep({
        input: transform({ orderId }, ({ orderId }) => ({ order_ids: [orderId!] })),
      }),
    )
    // An object even without an order, so a caller tells a run that found none from one that failed.
    return new WorkflowResponse(transform({ orderId }, ({ orderId }) => ({ order_id: orderId ?? null })))
  },
)
