import type { VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { acquiringOf } from "../../../../modules/acquiring"
import type { SettleOrphanInput } from "../../books/steps/look-up-orphan"
import { findingStep } from "./replying-step"

export type OrphanNotification = Extract<VerifiedNotification, { kind: "orphan" }>

/**
 * Written into the books if they missed it. The row is kept when the settling fails: it is a fact of
 * the gateway, and reconciliation settles it later.
 */
export const recordNotifiedOrphanStep = findingStep<OrphanNotification, SettleOrphanInput>(
  "acquiring-record-notified-orphan",
  async (container, { opened }) => {
    await acquiringOf(container).recordOpened([
      { ...opened, kind: "unknown", payment_collection_id: null, cart_id: null },
    ])
    return { next: { order_no: opened.order_no, reason: "its payment session no longer exists" } }
  },
)
