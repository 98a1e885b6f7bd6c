import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderSessions, type OrderSession } from "../../../../lib/acquiring/queries/review-sessions"

/** Read-only, under the session's lock: a concurrent or earlier call may have finished the decision. */
export const reviewSessionNowStep = createStep(
  "acquiring-review-session-now",
  async ({ order_id }: { order_id: string }, { container }) => {
    const now = (await orderSessions(container, [order_id])).get(order_id)
    return new StepResponse<OrderSession | null>(now ?? null)
  },
)
