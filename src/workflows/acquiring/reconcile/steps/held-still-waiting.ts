import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderSessions } from "../../../../lib/acquiring/queries/review-sessions"

/** Re-read under the session's lock: a notification may have authorised it meanwhile. */
export const heldStillWaitingStep = createStep(
  "acquiring-held-still-waiting",
  async ({ order_id }: { order_id: string }, { container }) => {
    const now = (await orderSessions(container, [order_id])).get(order_id)
    return new StepResponse(now?.session_status === "pending_authorization")
  },
)
