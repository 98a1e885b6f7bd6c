import type { IOrderModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { authorizePaymentSessionForOrderWorkflow, cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { orderSessions } from "../sessions"
import type { PlannedReview, ReviewOutcome } from "../types"
import { LOCK_KEYS } from "../../../../lib/acquiring/lock-keys"

export interface ApplyReviewsInput {
  planned: PlannedReview[]
  refused: Record<string, string>
  actor?: string
}

/**
 * One order at a time under its session's lock, re-read there, so a retry applies once. No compensation:
 * undoing would leave Medusa disagreeing with the gateway, whose decision is final.
 */
export const applyReviewDecisionsStep = createStep(
  "acquiring-review-apply",
  async (input: ApplyReviewsInput, { container }) => {
    const outcomes: ReviewOutcome[] = []
    for (const p of input.planned) {
      const base = { ...p.input, order_no: p.session.data.order_no, transaction_id: p.record.transaction_id }
      const refusal = input.refused[p.session.data.order_no]
      outcomes.push(
        refusal ? { ...base, status: "failed", error: refusal } : await applyDecision(container, p, input.actor),
      )
    }
    return new StepResponse(outcomes)
  },
)

async function applyDecision(container: MedusaContainer, p: PlannedReview, actor?: string): Promise<ReviewOutcome> {
  const locking = container.resolve(Modules.LOCKING)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const base = { ...p.input, order_no: p.session.data.order_no, transaction_id: p.record.transaction_id }
  try {
    const applied = await locking.execute(
      LOCK_KEYS.session(p.session.payment_session_id),
      async () => {
        // Re-read under the lock: a concurrent or earlier call may have finished it.
        const now = (await orderSessions(container, [p.input.order_id])).get(p.input.order_id)
        if (p.input.decision === "accept" && now?.session_status === "pending_authorization") {
          await authorizePaymentSessionForOrderWorkflow(container)
            .run({ input: { payment_session_id: p.session.payment_session_id } })
            .catch(async (e) => {
              // The gateway's review notification may have authorised it meanwhile (webhook path): that is the goal.
              const after = (await orderSessions(container, [p.input.order_id])).get(p.input.order_id)
              if (!after?.has_payment) throw e
            })
        } else if (p.input.decision === "reject" && now && now.order_status !== "canceled") {
          await cancelOrderWorkflow(container).run({ input: { order_id: p.input.order_id, canceled_by: actor } })
        } else {
          return false
        }
        await recordDecision(container, p, actor)
        return true
      },
      { timeout: 30 },
    )
    if (!applied) return { ...base, status: "already_decided" }
    logger.info(`acquiring: review ${p.input.decision} of ${base.order_no} applied to order ${p.input.order_id}`)
    return { ...base, status: p.input.decision === "accept" ? "accepted" : "rejected" }
  } catch (e) {
    return {
      ...base,
      status: "failed",
      error: `the gateway recorded the decision; Medusa did not follow: ${(e as Error).message}`,
    }
  }
}

/** The decision on the order (metadata.acquiring_review), for the order widget and audits. */
async function recordDecision(container: MedusaContainer, p: PlannedReview, actor?: string) {
  const orders = container.resolve(Modules.ORDER) as IOrderModuleService
  const order = await orders.retrieveOrder(p.input.order_id, { select: ["id", "metadata"] })
  const acquiring_review = {
    decision: p.input.decision,
    decided_at: new Date().toISOString(),
    decided_by: actor ?? null,
    transaction_id: p.record.transaction_id ?? null,
  }
  await orders.updateOrders(p.input.order_id, { metadata: { ...(order.metadata ?? {}), acquiring_review } })
}
