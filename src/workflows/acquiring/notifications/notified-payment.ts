import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { settleUnplaceableWorkflow } from "../carts/settle-unplaceable"
import { findChangedCartStep } from "../carts/steps/find-changed-cart"
import { settleKeptAfterPaymentWorkflow } from "../kept/settle-after-payment"
import { noteKeptSettledStep } from "./steps/note-kept-settled"
import { paymentAlreadyRecordedStep, type PaymentNotification } from "./steps/payment-already-recorded"
import { paymentOutcomeStep } from "./steps/payment-outcome"
import { releaseStockLocksStep } from "../carts/steps/release-stock-locks"
import { runProcessPaymentStep } from "./steps/run-process-payment"
import { takeStockLocksStep } from "../carts/steps/take-stock-locks"

export const notifiedPaymentWorkflowId = "acquiring-notified-payment"

/**
 * A confirmed payment or review result: Medusa's processPaymentWorkflow under the session's lock and the
 * cart's stock locks (as the store route's completion holds them), unless Medusa already holds it. A cart
 * changed since it was paid can never complete: its payment is given back instead.
 */
export const notifiedPaymentWorkflow = createWorkflow(notifiedPaymentWorkflowId, (input: PaymentNotification) => {
  const known = paymentAlreadyRecordedStep(input)
  const cart = when("acquiring-payment-check-cart", { known }, ({ known }) => !known).then(() =>
    findChangedCartStep(
      transform({ input }, ({ input }) => ({ payment_collection_id: input.session.payment_collection_id })),
    ),
  )
  const givenBack = when("acquiring-payment-cart-changed", { cart }, ({ cart }) => !!cart?.changed).then(() => {
    settleUnplaceableWorkflow.runAsStep({
      input: transform({ cart }, ({ cart }) => ({ ...cart!.changed!, lock: true })),
    })
    return paymentOutcomeStep(input).config({ name: "acquiring-payment-given-back" })
  })
  const outcome = when({ known, cart }, ({ known, cart }) => !known && !cart?.changed).then(() => {
    const session = transform({ input }, ({ input }) => LOCK_KEYS.session(input.session.id))
    acquireLockStep({ key: session, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
    const stock = takeStockLocksStep(transform({ cart }, ({ cart }) => ({ cart_id: cart!.cart_id })))
    runProcessPaymentStep(input)
    releaseStockLocksStep(stock)
    releaseLockStep({ key: session, executeOnSubWorkflow: true })
    return paymentOutcomeStep(input)
  })
  const settled = when({ outcome }, ({ outcome }) => !!outcome?.kept_of).then(() =>
    settleKeptAfterPaymentWorkflow
      .runAsStep({ input: transform({ outcome }, ({ outcome }) => ({ collection_id: outcome!.kept_of! })) })
      // Its failure never fails the reply: the payment is recorded already.
      .config({ continueOnPermanentFailure: true }),
  )
  noteKeptSettledStep({ outcome, settled })
  return new WorkflowResponse(
    transform({ known, outcome, givenBack }, ({ known, outcome, givenBack }) => known ?? (outcome ?? givenBack)!.reply),
  )
})
