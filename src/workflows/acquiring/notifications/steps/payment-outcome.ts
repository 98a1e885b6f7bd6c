import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import { collectionState } from "../../../../lib/acquiring/queries/notify-session"
import { accountedFor } from "../../../../lib/acquiring/carts/unplaceable"
import type { PaymentNotification } from "./payment-already-recorded"

export interface PaymentOutcome {
  reply: NotifyReply
  /** An order's later collection, paid: the authorisation its edit kept is voided now. */
  kept_of: string | null
}

/** `success` only once the effect is durable (the cart has its order), else 503 so the gateway sends again. */
export const paymentOutcomeStep = createStep(
  "acquiring-payment-outcome",
  async ({ session, order_no, result }: PaymentNotification, { container }) => {
    const state = await collectionState(container, session.payment_collection_id)
    if (!state.recorded) {
      const settled = await accountedFor(container, order_no)
      const reply: NotifyReply = settled
        ? { ...SUCCESS, changed: `no order for this payment: ${settled}` }
        : { status: 503, body: "not recorded yet" }
      return new StepResponse<PaymentOutcome>({ reply, kept_of: null })
    }
    // A cart's collection is an order's first, so no edit can have kept one before it (no queries on checkout).
    return new StepResponse<PaymentOutcome>({
      reply: { ...SUCCESS, changed: `payment ${result.action} recorded in Medusa` },
      kept_of: state.cart ? null : session.payment_collection_id,
    })
  },
)
