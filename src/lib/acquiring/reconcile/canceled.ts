import type { MovementInput } from "../../../modules/acquiring/service"
import type { ReconcileChange } from "./change"
import type { DriftSlot } from "./drift-plan"
import type { PlannedItem, RecordItem } from "../items/record-item"

export type CanceledSource = "cancel" | "reconciliation"

/** `acquiring.order.canceled_refunded` / `canceled_held`: what a canceled order's money became. */
export interface CanceledMoneyEvent {
  order_id: string
  payment_id: string
  order_no: string
  settlement: "refunded" | "voided" | "reported"
  amount: string
  currency_code: string
  source: CanceledSource
}

export interface CanceledOutcome {
  changes: ReconcileChange[]
  event?: CanceledMoneyEvent
}

export interface CanceledOrdersInput {
  order_ids: string[]
  source: CanceledSource
  /** Only payments of these providers; default every acquiring one. */
  provider_ids?: string[]
}

/** A canceled order's captured rest to refund, and what it makes once refunded: lines, event, books row. */
export interface CanceledRefund {
  item: Extract<RecordItem, { kind: "refund_canceled" }>
  movement: MovementInput
  changes: ReconcileChange[]
  event: CanceledMoneyEvent
}

/** A canceled order's payment read against the gateway, its difference planned (slots over `items`). */
export interface CanceledCheck {
  payment_id: string
  order_id: string
  payment_status?: string
  slots: DriftSlot[]
}

export interface CanceledDrift {
  checks: CanceledCheck[]
  items: PlannedItem[]
  /** A payment that failed before its check: one line each, and nothing more for it. */
  errors: ReconcileChange[]
}

export const canceledError = (p: { order_id: string; payment_id: string }, e: unknown): ReconcileChange => ({
  kind: "error",
  order_no: "",
  order_id: p.order_id,
  payment_id: p.payment_id,
  detail: `canceled order's money: ${(e as Error).message}`,
})
