import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { loggerOf } from "../../../../lib/acquiring/notifications/replies"
import type { PaymentOutcome } from "./payment-outcome"

export interface NoteKeptInput {
  outcome?: PaymentOutcome
  /** The kept authorisations' settling, absent when it failed or did not run. */
  settled?: unknown
}

/** Never fails the reply: the payment is recorded already, and reconciliation retries what failed. */
export const noteKeptSettledStep = createStep(
  "acquiring-note-kept-settled",
  async ({ outcome, settled }: NoteKeptInput, { container }) => {
    if (outcome?.kept_of && !settled)
      loggerOf(container)?.warn(
        `acquiring: kept authorisations of collection ${outcome.kept_of} not checked; reconciliation retries`,
      )
    return new StepResponse(true)
  },
)
