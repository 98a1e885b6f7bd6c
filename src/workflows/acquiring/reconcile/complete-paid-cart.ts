import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, completeCartWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { releaseStockLocksStep } from "../carts/steps/release-stock-locks"
import { takeStockLocksStep } from "../carts/steps/take-stock-locks"

/**
 * A cart paid at the gateway whose notification was lost, completed as the notification would have:
 * under its stock locks, so a completion sharing its stock waits, then the cart's own lock, which
 * Medusa's workflow takes only when run alone. Its result: the order's id.
 */
export const completePaidCartWorkflow = createWorkflow(
  "acquiring-complete-paid-cart",
  (input: WorkflowData<{ cart_id: string }>) => {
    const stock = takeStockLocksStep(input)
    const key = transform({ input }, ({ input }) => LOCK_KEYS.cart(input.cart_id))
    acquireLockStep({ key, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
    const order = completeCartWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ id: input.cart_id })),
    })
    releaseLockStep({ key, executeOnSubWorkflow: true })
    releaseStockLocksStep(stock)
    return new WorkflowResponse(transform({ order }, ({ order }) => (order as { id: string }).id))
  },
)
