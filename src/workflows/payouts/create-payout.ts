import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PayoutRequest } from "../../gateway/schemas"
import { recordFromRequest } from "../../modules/payout/lib/from-request"
import { reservePayoutStep } from "./steps/reserve-payout"
import { submitPayoutStep } from "./steps/submit-payout"

export interface CreatePayoutWorkflowInput {
  /** gateway-interface.md §2.8 request; request_id is required here (the route generates it when absent). */
  request: PayoutRequest & { request_id: string }
  /** Paying account; default: plugin option payouts.account_id, else the client's choice. */
  account_id?: string
}

/**
 * Creates a payout: record (pending) → POST /v1/payout under the record's request_id →
 * record the answer. Running it again with the same request_id never pays twice.
 * Returns `{ id, sent }`; read the record for the outcome.
 */
export const createPayoutWorkflow = createWorkflow("acquiring-create-payout", (input: CreatePayoutWorkflowInput) => {
  const record = transform({ input }, ({ input }) => recordFromRequest(input.request, input.account_id ?? null))
  const reserved = reservePayoutStep({ record })
  const submitted = submitPayoutStep(
    transform({ input, reserved }, ({ input, reserved }) => ({
      id: reserved.id,
      request: input.request,
      account_id: input.account_id,
    })),
  )
  return new WorkflowResponse(submitted)
})
