import { SUCCESS } from "../../../../lib/acquiring/notifications/replies"
import type { VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { acquiringOf } from "../../../../modules/acquiring"
import { settleOrphanWorkflow } from "../../books/settle-orphan"
import { replyingStep } from "./replying-step"

export type OrphanNotification = Extract<VerifiedNotification, { kind: "orphan" }>

/**
 * Written into the books if they missed it, then voided or refunded in full. The row is kept when the
 * settling fails: it is a fact of the gateway, and reconciliation settles it later.
 */
export const settleNotifiedOrphanStep = replyingStep(
  "acquiring-settle-notified-orphan",
  async (container, { opened }: OrphanNotification) => {
    await acquiringOf(container).recordOpened([
      { ...opened, kind: "unknown", payment_collection_id: null, cart_id: null },
    ])
    // The child workflow's own failure is the answer (503: send it again), not this workflow's.
    const { result } = await settleOrphanWorkflow(container).run({
      input: { order_no: opened.order_no, reason: "its payment session no longer exists" },
    })
    return { ...SUCCESS, changed: result.detail }
  },
)
