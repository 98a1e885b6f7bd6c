import type { OrderRecord } from "../../../gateway/schemas/transactions"
import type { GatewayOrderDTO } from "../../../modules/acquiring"
import { normaliseAmount } from "../gateway-state"
import type { SessionStatus } from "../options"
import type { AcquiringData } from "../payment-data"
import type { MedusaOwner } from "../queries/medusa-owner"
import { closedDetail } from "./closed-detail"
import { orphanAction, type OrphanAction } from "./orphan-action"

export const ORPHAN_SETTLED_EVENT = "acquiring.orphan.settled"

export interface OrphanOutcome {
  order_no: string
  action: OrphanAction | "already" | "attached"
  detail: string
}

/** Settled or attached orders are done; a closed one is not (a stale page may still be paid later). */
export const DONE_STATES = new Set(["settled", "attached"])

export const dataOfOrder = (o: GatewayOrderDTO, record?: OrderRecord): AcquiringData => ({
  order_no: o.order_no,
  currency: o.currency_code,
  amount: normaliseAmount(String(record?.amount ?? o.amount)) ?? String(o.amount),
  variant: o.kind === "authorise" ? "apm" : "hosted",
  ...(o.account_id ? { account_id: o.account_id } : {}),
  ...(record?.transaction_id ? { transaction_id: record.transaction_id } : {}),
})

/** What settling one orphan does: nothing, one books update, or moving its money. */
export type OrphanPlan =
  | { kind: "none"; outcome: OrphanOutcome }
  | { kind: "update"; id: string; data: Record<string, unknown>; outcome: OrphanOutcome }
  | { kind: "move"; order: GatewayOrderDTO; record: OrderRecord; action: "void" | "refund"; reason: string }

export interface OrphanFacts {
  order_no: string
  reason: string
  order?: GatewayOrderDTO
  owner?: MedusaOwner
  /** Its cart's completion still runs (the cart's lock is held): only the check is recorded. */
  completing?: boolean
  record?: OrderRecord
  orphans?: "settle" | "report"
  status_map?: Readonly<Record<string, SessionStatus>>
  now?: Date
}

/** Pure: the books row, its Medusa owner and the gateway's record decide void, refund, close, report or wait. */
export function planOrphan(f: OrphanFacts): OrphanPlan {
  const { order, owner, record, order_no, reason } = f
  const now = f.now ?? new Date()
  if (!order) return { kind: "none", outcome: { order_no, action: "already", detail: "not in the books" } }
  if (DONE_STATES.has(order.state))
    return { kind: "none", outcome: { order_no, action: "already", detail: `already ${order.state}` } }
  if (f.completing)
    return {
      kind: "update",
      id: order.id,
      data: { checked_at: now },
      outcome: { order_no, action: "wait", detail: "its cart's order is still being paid; decided again later" },
    }
  if (owner?.owner === "payment")
    return {
      kind: "update",
      id: order.id,
      data: { state: "attached", checked_at: now },
      outcome: { order_no, action: "attached", detail: `attached: Medusa payment ${owner.payment_id} holds it` },
    }
  const expired = !!order.page_expires_at && new Date(order.page_expires_at).getTime() < now.getTime()
  let action = orphanAction(record, expired, f.status_map)
  const hold = f.orphans === "report" || owner?.owner === "unpaid_order"
  if ((action === "void" || action === "refund") && hold) action = "report"
  const seen = { gateway_status: record?.payment_status ?? null, checked_at: now }
  if (action === "wait")
    return {
      kind: "update",
      id: order.id,
      data: seen,
      outcome: { order_no, action, detail: "waiting for the shopper; followed until its page expires" },
    }
  if (action === "close" || action === "report") {
    const state = action === "close" ? "closed" : "unmatched"
    const detail =
      action === "close"
        ? closedDetail(record)
        : owner?.owner === "unpaid_order"
          ? `recorded for the admin, no money moved: order ${owner.order_id} has no payment and may be paid by it`
          : "recorded for the admin, no money moved"
    return {
      kind: "update",
      id: order.id,
      data: { ...seen, state, orphan_reason: reason, settlement_detail: detail },
      outcome: { order_no, action, detail },
    }
  }
  return { kind: "move", order, record: record!, action, reason }
}

/** The books row and outcome of money moved: settled, with what was done and why. */
export function settledOrphan(order: GatewayOrderDTO, record: OrderRecord, action: "void" | "refund", reason: string) {
  const data = dataOfOrder(order, record)
  const settlement = action === "void" ? "voided" : "refunded"
  const detail = `${settlement} ${data.amount} ${data.currency} (${reason})`
  const now = new Date()
  return {
    update: {
      id: order.id,
      data: {
        state: "settled",
        settlement,
        settled_at: now,
        settlement_detail: detail,
        orphan_reason: reason,
        gateway_status: record.payment_status,
        checked_at: now,
      },
    },
    event: { order_no: order.order_no, settlement, amount: data.amount, currency_code: data.currency },
    outcome: { order_no: order.order_no, action, detail } as OrphanOutcome,
  }
}
