import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderRecords } from "../../../../lib/acquiring/gateways"
import { pushTo } from "../../../../lib/push-to"
import { reviewStep, type Decision } from "../../../../lib/acquiring/review/map"
import { orderSessions, type OrderSession } from "../../../../lib/acquiring/queries/review-sessions"
import type { PlannedReview, ReviewDecisionInput, ReviewOutcome } from "../../../../lib/acquiring/review/types"

/** Medusa already follows the decision (order canceled, or the payment authorised). */
function already(s: OrderSession, d: Decision) {
  return d === "reject" ? s.order_status === "canceled" : s.has_payment && s.session_status !== "pending_authorization"
}

/** Read-only: each session's gateway record, then the pure plan per decision. */
export const planReviewsStep = createStep(
  "acquiring-review-plan",
  async (input: { decisions: ReviewDecisionInput[] }, { container }) => {
    const { decisions } = input
    const sessions = await orderSessions(
      container,
      decisions.map((d) => d.order_id),
    )
    const outcomes: ReviewOutcome[] = []
    const planned: PlannedReview[] = []
    const byProvider = new Map<string, OrderSession[]>()
    for (const d of decisions) {
      const session = sessions.get(d.order_id)
      if (!session) outcomes.push({ ...d, status: "not_found", error: "the order has no acquiring payment" })
      else pushTo(byProvider, session.provider_id, session)
    }
    for (const [providerId, list] of byProvider) {
      const records = await orderRecords(
        container,
        providerId,
        list.map((s) => s.data),
      )
      for (const s of list) {
        const input = decisions.find((d) => d.order_id === s.order_id)!
        const record = records.get(s.data.order_no)
        const step = reviewStep(record, input.decision)
        const base = { ...input, order_no: s.data.order_no, transaction_id: record?.transaction_id }
        if (step.kind === "refuse")
          outcomes.push({
            ...base,
            status: already(s, input.decision) ? "already_decided" : "failed",
            error: step.reason,
          })
        else planned.push({ input, session: s, record: record! })
      }
    }
    return new StepResponse({ outcomes, planned })
  },
)
