import type { ReconcileChange } from "./change"

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
