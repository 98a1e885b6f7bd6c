import type { IOrderModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { authorizePaymentSessionForOrderWorkflow, cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { pushTo } from "../../../lib/push-to"
import { sendBatch } from "../../../lib/acquiring/batch"
import { gatewaysFor, recordsByOrderNo } from "../../../lib/acquiring/gateways"
import { reviewFlag, reviewStep, type Decision } from "./map"
import { orderSessions, type OrderSession } from "./sessions"

export interface ReviewDecisionInput {
  order_id: string
  decision: Decision
}

export interface ReviewOutcome {
  order_id: string
  decision: Decision
  status: "accepted" | "rejected" | "already_decided" | "failed" | "not_found"
  order_no?: string
  transaction_id?: string
  error?: string
}

type Planned = { input: ReviewDecisionInput; session: OrderSession; record: OrderRecord }

/**
 * Accept or reject held payments: one /v1/review call per account with up to 100 orders,
 * then Medusa follows the gateway (accept: the payment is authorised for the order; reject:
 * the order is canceled). A retried call finds the gateway decided and only finishes Medusa.
 */
export async function decideReviews(
  container: MedusaContainer,
  decisions: ReviewDecisionInput[],
  actor?: string,
): Promise<ReviewOutcome[]> {
  const sessions = await orderSessions(
    container,
    decisions.map((d) => d.order_id),
  )
  const outcomes = new Map<string, ReviewOutcome>()
  const gateway = gatewaysFor(container)
  const planned: Planned[] = []
  const byProvider = new Map<string, OrderSession[]>()
  for (const d of decisions) {
    const session = sessions.get(d.order_id)
    if (!session) outcomes.set(d.order_id, { ...d, status: "not_found", error: "the order has no acquiring payment" })
    else pushTo(byProvider, session.provider_id, session)
  }
  for (const [providerId, list] of byProvider) {
    const records = await recordsByOrderNo(
      gateway(providerId).client,
      list.map((s) => s.data),
    )
    for (const s of list) {
      const input = decisions.find((d) => d.order_id === s.order_id)!
      const record = records.get(s.data.order_no)
      const step = reviewStep(record, input.decision)
      const base = { ...input, order_no: s.data.order_no, transaction_id: record?.transaction_id }
      if (step.kind === "refuse")
        outcomes.set(s.order_id, {
          ...base,
          status: already(s, input.decision) ? "already_decided" : "failed",
          error: step.reason,
        })
      else planned.push({ input, session: s, record: record! })
    }
  }
  const sent = await sendReviews(
    container,
    planned.filter((p) => reviewStep(p.record, p.input.decision).kind === "send"),
  )
  for (const p of planned) {
    const base = { ...p.input, order_no: p.session.data.order_no, transaction_id: p.record.transaction_id }
    const refusal = sent.get(p.session.data.order_no)
    if (refusal) outcomes.set(p.input.order_id, { ...base, status: "failed", error: refusal })
    else outcomes.set(p.input.order_id, await applyDecision(container, p, actor))
  }
  return decisions.map((d) => outcomes.get(d.order_id)!)
}

/** Medusa already follows the decision (order canceled, or the payment authorised). */
function already(s: OrderSession, d: Decision) {
  return d === "reject" ? s.order_status === "canceled" : s.has_payment && s.session_status !== "pending_authorization"
}

/** Send held decisions, one batch series per gateway (lib/acquiring/batch.ts); the refusal text per order_no that failed. */
async function sendReviews(container: MedusaContainer, list: Planned[]): Promise<Map<string, string>> {
  const failed = new Map<string, string>()
  const byProvider = new Map<string, Planned[]>()
  for (const p of list) pushTo(byProvider, p.session.provider_id, p)
  for (const [providerId, group] of byProvider) {
    const entries = group.map((p) => ({
      ref: p.session.data,
      transaction_id: p.record.transaction_id ?? "",
      review_flag: reviewFlag(p.input.decision),
    }))
    const { verdicts } = await sendBatch(gatewaysFor(container)(providerId).client, "review", entries)
    for (const [no, v] of verdicts) if (!v.ok) failed.set(no, v.error)
  }
  return failed
}

async function applyDecision(container: MedusaContainer, p: Planned, actor?: string): Promise<ReviewOutcome> {
  const locking = container.resolve(Modules.LOCKING)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const base = { ...p.input, order_no: p.session.data.order_no, transaction_id: p.record.transaction_id }
  try {
    const applied = await locking.execute(
      `acquiring:review:${p.session.payment_session_id}`,
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
async function recordDecision(container: MedusaContainer, p: Planned, actor?: string) {
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
