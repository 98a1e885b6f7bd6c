import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { authorizePaymentSessionStep } from "@medusajs/medusa/core-flows"
import { updatePaymentDataStep } from "../notifications/steps/update-payment-data"
import { adoptedDataStep } from "./steps/adopted-data"
import { createAdoptingSessionStep } from "./steps/create-adopting-session"
import { markKeptReleasedStep } from "./steps/mark-kept-released"
import { planAdoptionStep, type AdoptKeptInput } from "./steps/plan-adoption"

export type { AdoptKeptInput } from "./steps/plan-adoption"

/**
 * The merchant takes a kept authorisation after all (the shopper never paid the edit's new
 * collection): it becomes a payment of that open collection through Medusa's own
 * authorisation (the provider asks the gateway), so capture, refund and the order's
 * summary work as for any payment. Authorising is last: nothing after it can undo it.
 */
export const adoptKeptAuthorisationWorkflow = createWorkflow(
  "acquiring-adopt-kept-authorisation",
  (input: AdoptKeptInput) => {
    const plan = planAdoptionStep(input)
    const session = createAdoptingSessionStep(plan)
    const adoption = transform({ input, session }, ({ input, session }) => ({
      payment_id: input.payment_id,
      session_id: session.id,
    }))
    const adopted = adoptedDataStep(adoption)
    updatePaymentDataStep(adopted)
    markKeptReleasedStep(
      transform({ adoption }, ({ adoption }) => ({
        payment_id: adoption.payment_id,
        outcome: "adopted" as const,
        adopted_by_session: adoption.session_id,
      })),
    )
    const payment = authorizePaymentSessionStep({ id: session.id, context: {} })
    return new WorkflowResponse(payment)
  },
)
