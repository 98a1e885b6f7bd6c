import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import type { OrphanOutcome } from "../../../lib/acquiring/books/orphan"
import { CART_UNPLACEABLE_EVENT, type UnplaceableCart } from "../../../lib/acquiring/carts/unplaceable"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { settleOrphanWorkflow } from "../books/settle-orphan"

export interface SettleUnplaceableInput extends UnplaceableCart {
  /** Take the cart's lock (the key Medusa's completion takes): for callers not already under it. */
  lock?: boolean
}

const GIVEN_BACK_OR_REPORTED = new Set(["void", "refund", "report"])

/**
 * A paid gateway order whose cart cannot become an order is given back as an orphan. Not when an
 * order or a Medusa payment carries the session: Medusa's completion compensates that one itself.
 */
export const settleUnplaceableWorkflow = createWorkflow(
  "acquiring-settle-unplaceable",
  (input: WorkflowData<SettleUnplaceableInput>) => {
    const key = transform({ input }, ({ input }) => (input.lock ? [LOCK_KEYS.cart(input.cart_id)] : []))
    // Taken only when asked, so also when another workflow composes this one.
    acquireLockStep({ key, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
    const { data: orders } = useQueryGraphStep({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: input.cart_id },
    }).config({ name: "acquiring-unplaceable-cart-order" })
    const { data: payments } = useQueryGraphStep({
      entity: "payment",
      fields: ["id"],
      filters: { payment_session_id: input.session_id },
    }).config({ name: "acquiring-unplaceable-session-payment" })
    const orphan = transform({ input }, ({ input }) => ({
      order_no: input.order_no,
      reason: `its cart cannot be completed: ${input.reason}`,
    }))
    const settled = when(
      "acquiring-unplaceable-settled",
      { orders, payments },
      ({ orders, payments }) => !orders.length && !payments.length,
    ).then(() => settleOrphanWorkflow.runAsStep({ input: orphan }))
    const event = transform({ input, settled }, ({ input, settled }) => {
      const outcome = settled as OrphanOutcome | undefined
      if (!outcome || !GIVEN_BACK_OR_REPORTED.has(outcome.action)) return null
      const { cart_id, order_no, cause } = input
      return { cart_id, order_no, cause, action: outcome.action, detail: outcome.detail }
    })
    when({ event }, ({ event }) => !!event).then(() => {
      emitEventStep({ eventName: CART_UNPLACEABLE_EVENT, data: event })
    })
    releaseLockStep({ key, executeOnSubWorkflow: true })
    const result = transform({ settled }, ({ settled }) => (settled as OrphanOutcome | undefined) ?? null)
    return new WorkflowResponse(result)
  },
)
