import type { IOrderModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { authorizePaymentSessionForOrderWorkflow } from "@medusajs/medusa/core-flows"
import type { GatewayClient } from "../../../gateway/client-types"
import { mapOrderRecord } from "../../../lib/acquiring/status"
import type { SessionStatus } from "../../../lib/acquiring/options"
import { recordsByOrderNo } from "../../../lib/acquiring/gateways"
import {
  isWaiting,
  orderSessions,
  waitingOrdersOf,
  type OrderSession,
} from "../../../lib/acquiring/queries/review-sessions"
import type { ReconcileChange } from "./apply"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"

export async function heldSessions(
  container: MedusaContainer,
  providerIds: string[],
  scope: { order_ids?: string[]; waiting_collection_ids?: string[] },
): Promise<OrderSession[]> {
  if (!scope.order_ids) return waitingOrdersOf(container, scope.waiting_collection_ids ?? [])
  return [...(await orderSessions(container, scope.order_ids)).values()].filter(
    (s) => isWaiting(s) && providerIds.includes(s.provider_id),
  )
}

/**
 * Held orders whose review was decided elsewhere while the notification was lost: an accepted one is
 * authorised; a declined one is reported once and left to the admin.
 */
export async function reconcileHeld(
  container: MedusaContainer,
  client: GatewayClient,
  sessions: OrderSession[],
  statusMap: Record<string, SessionStatus>,
): Promise<ReconcileChange[]> {
  if (!sessions.length) return []
  const records = await recordsByOrderNo(
    client,
    sessions.map((s) => s.data),
  )
  const out: ReconcileChange[] = []
  for (const session of sessions) {
    const { status, code } = mapOrderRecord(records.get(session.data.order_no), statusMap)
    const base = { order_no: session.data.order_no, order_id: session.order_id, amount: session.data.amount }
    try {
      if (status === "authorized" || status === "captured") {
        if (await authorise(container, session))
          out.push({ ...base, kind: "held_authorized", detail: `gateway status ${code}` })
      } else if ((status === "error" || status === "canceled") && !session.metadata?.acquiring_review) {
        await markDeclined(container, session)
        out.push({
          ...base,
          kind: "held_declined",
          detail: `gateway status ${code}: the held payment was declined; cancel the order or ask for another payment`,
        })
      }
    } catch (e) {
      out.push({ ...base, kind: "error", detail: `held payment: ${(e as Error).message}` })
    }
  }
  return out
}

async function authorise(container: MedusaContainer, session: OrderSession): Promise<boolean> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    LOCK_KEYS.session(session.payment_session_id),
    async () => {
      const now = (await orderSessions(container, [session.order_id])).get(session.order_id)
      if (now?.session_status !== "pending_authorization") return false
      await authorizePaymentSessionForOrderWorkflow(container).run({
        input: { payment_session_id: session.payment_session_id },
      })
      return true
    },
    { timeout: 30 },
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
