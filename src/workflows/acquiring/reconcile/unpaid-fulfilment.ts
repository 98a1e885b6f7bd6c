import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { ORDER_MONEY_EVENTS } from "../../../lib/acquiring/order-money"
import { flagUnpaidFulfilmentsStep } from "./steps/flag-unpaid-fulfilments"
import { reconcileWorkflow } from "./workflow"

/**
 * Fulfilled orders whose capture failed: reconcile them first (a portal void is recorded), then flag
 * one left without money (`acquiring.order.fulfilled_unpaid`). Its result: the flagged order ids.
 */
export const flagUnpaidFulfilmentsWorkflow = createWorkflow(
  "acquiring-flag-unpaid-fulfilments",
  (input: WorkflowData<{ order_ids: string[] }>) => {
    reconcileWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ order_ids: input.order_ids })) })
    const flagged = flagUnpaidFulfilmentsStep(input)
    emitEventStep({
      eventName: ORDER_MONEY_EVENTS.fulfilledUnpaid,
      data: transform({ flagged }, ({ flagged }) => flagged.map((order_id) => ({ order_id }))),
    }).config({ name: "acquiring-emit-fulfilled-unpaid" })
    return new WorkflowResponse(flagged)
  },
)
