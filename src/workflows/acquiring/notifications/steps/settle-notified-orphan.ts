import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { replyFor, SUCCESS } from "../../../../lib/acquiring/notifications/replies"
import type { VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { booksOf, settleOrphan } from "../../books"

export type OrphanNotification = Extract<VerifiedNotification, { kind: "orphan" }>

/**
 * Written into the books if they missed it, then voided or refunded in full. The row is kept when the
 * settling fails: it is a fact of the gateway, and reconciliation settles it later.
 */
export const settleNotifiedOrphanStep = createStep(
  "acquiring-settle-notified-orphan",
  async ({ opened }: OrphanNotification, { container }) => {
    try {
      await booksOf(container).recordOpened([
        { ...opened, kind: "unknown", payment_collection_id: null, cart_id: null },
      ])
      const outcome = await settleOrphan(container, opened.order_no, "its payment session no longer exists")
      return new StepResponse({ ...SUCCESS, changed: outcome.detail })
    } catch (e) {
      return new StepResponse(replyFor(e))
    }
  },
)
