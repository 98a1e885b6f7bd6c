import type { ConfigModule, IOrderModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderRecords } from "../../../../lib/acquiring/gateways"
import type { OpenSessionRows } from "../../../../lib/acquiring/queries/open-sessions"
import type { HeldPlan } from "../../../../lib/acquiring/reconcile/held-plan"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { mapOrderRecord } from "../../../../lib/acquiring/status"
import {
  isWaiting,
  orderSessions,
  waitingOrdersOf,
  type OrderSession,
} from "../../../../lib/acquiring/queries/review-sessions"

async function heldSessions(
  container: MedusaContainer,
  providerIds: string[],
  target: ReconcileTarget,
  sessions: OpenSessionRows | null,
): Promise<OrderSession[]> {
  if (!target.order_ids) return waitingOrdersOf(container, sessions?.waiting_collection_ids ?? [])
  return [...(await orderSessions(container, target.order_ids)).values()].filter(
    (s) => isWaiting(s) && providerIds.includes(s.provider_id),
  )
}

async function markDeclined(container: MedusaContainer, session: OrderSession) {
  const orders = container.resolve(Modules.ORDER) as IOrderModuleService
  const acquiring_review = {
    decision: "reject",
    decided_at: new Date().toISOString(),
    decided_by: "gateway",
    transaction_id: session.data.transaction_id ?? null,
  }
  await orders.updateOrders(session.order_id, { metadata: { ...(session.metadata ?? {}), acquiring_review } })
}

/**
 * Orders held for review decided elsewhere while the notification was lost: an accepted one is
 * planned for authorising (an item each); a declined one is reported once and left to the admin.
 * No compensation: the decline mark is the gateway's final decision, and the failed run's report lists it.
 */
export const reconcileHeldStep = createStep(
  "acquiring-reconcile-held",
  async ({ target, sessions }: { target: ReconcileTarget; sessions: OpenSessionRows | null }, { container }) => {
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    const held = await heldSessions(container, c.provider_ids, target, sessions)
    const plan: HeldPlan = { slots: [], items: [] }
    if (!held.length) return new StepResponse(plan)
    const records = await orderRecords(
      container,
      c.provider_ids[0],
      held.map((s) => s.data),
    )
    for (const session of held) {
      const { status, code } = mapOrderRecord(records.get(session.data.order_no), c.options.provider.status_map)
      const base = { order_no: session.data.order_no, order_id: session.order_id, amount: session.data.amount }
      try {
        if (status === "authorized" || status === "captured") {
          const { payment_session_id, order_id } = session
          const item = plan.items.push({ kind: "authorize_held", payment_session_id, order_id }) - 1
          plan.slots.push({ change: { ...base, kind: "held_authorized", detail: `gateway status ${code}` }, item })
        } else if ((status === "error" || status === "canceled") && !session.metadata?.acquiring_review) {
          await markDeclined(container, session)
          plan.slots.push({
            change: {
              ...base,
              kind: "held_declined",
              detail: `gateway status ${code}: the held payment was declined; cancel the order or ask for another payment`,
            },
          })
        }
      } catch (e) {
        plan.slots.push({ change: { ...base, kind: "error", detail: `held payment: ${(e as Error).message}` } })
      }
    }
    return new StepResponse(plan)
  },
)
