import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PayoutRequest } from "../../gateway/schemas"
import { recordFromRequest } from "../../modules/payout/lib/from-request"
import { reservePayoutStep } from "./steps/reserve-payout"
import { submitPayoutStep } from "./steps/submit-payout"

export interface CreatePayoutWorkflowInput {
  /** The spec §2.8 request; request_id is required here. */
  request: PayoutRequest & { request_id: string }
  /** Paying account; default: plugin option payouts.account_id, else the client's choice. */
  account_id?: string
}

/** Record (pending) → POST /v1/payout → record the answer. The same request_id never pays twice. */
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
