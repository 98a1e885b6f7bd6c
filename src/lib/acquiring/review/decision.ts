import type { IOrderModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { Decision } from "./map"

export interface ReviewDecisionRecord {
  order_id: string
  decision: Decision
  actor?: string
  transaction_id?: string
}

/** The decision on the order (metadata.acquiring_review), for the order widget and audits; returns the metadata before. */
export async function writeReviewDecision(
  container: MedusaContainer,
  input: ReviewDecisionRecord,
): Promise<Record<string, unknown>> {
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  const order = await orders.retrieveOrder(input.order_id, { select: ["id", "metadata"] })
  const acquiring_review = {
    decision: input.decision,
    decided_at: new Date().toISOString(),
    decided_by: input.actor ?? null,
    transaction_id: input.transaction_id ?? null,
  }
  await orders.updateOrders(input.order_id, { metadata: { ...(order.metadata ?? {}), acquiring_review } })
  return (order.metadata ?? {}) as Record<string, unknown>
}
