import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  authorizePaymentSessionForOrderWorkflow,
  cancelOrderWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import type { PlannedReview } from "../../../lib/acquiring/review/types"
import { recordReviewDecisionStep } from "./steps/record-review-decision"
import { reviewSessionNowStep } from "./steps/review-session-now"

export interface ApplyReviewDecisionInput {
  planned: PlannedReview
  actor?: string
}

/**
 * Medusa follows one decision the gateway took, under its session's lock and re-read there, so a retry
 * applies once: accept authorises the session, reject cancels the order. True when it applied.
 */
export const applyReviewDecisionWorkflow = createWorkflow(
  "acquiring-apply-review-decision",
  (input: WorkflowData<ApplyReviewDecisionInput>) => {
    const key = transform({ input }, ({ input }) => LOCK_KEYS.session(input.planned.session.payment_session_id))
    acquireLockStep({ key, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
    const now = reviewSessionNowStep(transform({ input }, ({ input }) => ({ order_id: input.planned.input.order_id })))
    const action = transform({ input, now }, ({ input, now }) => {
      const { decision } = input.planned.input
      if (decision === "accept" && now?.session_status === "pending_authorization") return "authorize"
      if (decision === "reject" && now && now.order_status !== "canceled") return "cancel"
      return "none"
    })
    when({ action }, ({ action }) => action === "authorize").then(() => {
      const session = transform({ input }, ({ input }) => ({
        payment_session_id: input.planned.session.payment_session_id,
      }))
      authorizePaymentSessionForOrderWorkflow.runAsStep({ input: session })
    })
    when({ action }, ({ action }) => action === "cancel").then(() => {
      const order = transform({ input }, ({ input }) => ({
        order_id: input.planned.input.order_id,
        canceled_by: input.actor,
      }))
      cancelOrderWorkflow.runAsStep({ input: order })
    })
    when({ action }, ({ action }) => action !== "none").then(() => {
      recordReviewDecisionStep(
        transform({ input }, ({ input }) => ({
          order_id: input.planned.input.order_id,
          decision: input.planned.input.decision,
          actor: input.actor,
          transaction_id: input.planned.record.transaction_id,
        })),
      )
    })
    releaseLockStep({ key, executeOnSubWorkflow: true })
    return new WorkflowResponse(transform({ action }, ({ action }) => action !== "none"))
  },
)
