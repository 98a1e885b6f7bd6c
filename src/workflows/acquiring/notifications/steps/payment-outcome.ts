import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import { collectionState } from "../../../../lib/acquiring/queries/notify-session"
import { accountedFor } from "../../../../lib/acquiring/carts/unplaceable"
import { logText } from "../../../../gateway/log-text"
import { loggerOf } from "../../../../lib/acquiring/notifications/replies"
import { settleKeptAfterPaymentWorkflow } from "../../kept/settle-after-payment"
import type { PaymentNotification } from "./payment-already-recorded"

/** `success` only once the effect is durable (the cart has its order), else 503 so the gateway sends again. */
export const paymentOutcomeStep = createStep(
  "acquiring-payment-outcome",
  async ({ session, order_no, result }: PaymentNotification, { container }) => {
    const state = await collectionState(container, session.payment_collection_id)
    if (!state.recorded) {
      const settled = await accountedFor(container, order_no)
      return new StepResponse<NotifyReply>(
        settled
          ? { ...SUCCESS, changed: `no order for this payment: ${settled}` }
          : { status: 503, body: "not recorded yet" },
      )
    }
    // An order's later collection is paid: the authorisation its edit kept is voided now. A cart's
    // collection is an order's first, so no edit can have kept one before it (no queries on checkout).
    if (!state.cart) {
      // Never fails the reply: the payment is recorded already, and reconciliation retries what fails here.
      const { errors } = await settleKeptAfterPaymentWorkflow(container).run({
        input: { collection_id: session.payment_collection_id },
        throwOnError: false,
      })
      if (errors.length)
        loggerOf(container)?.warn(
          `acquiring: kept authorisations of collection ${session.payment_collection_id} not checked (${logText(errors[0].error?.message, 200)}); reconciliation retries`,
        )
    }
    return new StepResponse<NotifyReply>({ ...SUCCESS, changed: `payment ${result.action} recorded in Medusa` })
  },
)
