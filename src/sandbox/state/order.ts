import type { IssuedToken } from "./tokens"

/** Comments give (payment_status, query_result). */
export type OrderState =
  | "waiting" // created, shopper on the hosted page / APM pending (1000, -1)
  | "review" // held by fraud review (1100, -2)
  | "authorised" // awaiting capture (2000, -1)
  | "paid" // captured or sale (3000, 1)
  | "partially_refunded" // (4000, 1)
  | "refunded" // (4100, 1)
  | "cancelled" // (5000, 0)
  | "declined" // (6000, 0)

export type Actor = "shopper" | "api" | "portal" | "sandbox"

export interface RefundEntry {
  seq: number
  refund_reference_id: string
  amount_minor: number
  reason: string
  status: "processing" | "refunded"
  created_at: number
  processed_at?: number
  by: Actor
}

/** A chargeback: the merchant answers by `deadline`, the outcome closes it. */
export interface DisputeEntry {
  dispute_id: string
  status: "opened" | "won" | "lost"
  reason: string
  amount_minor: number
  /** As given; default a week after opening. */
  deadline: string
  opened_at: number
  closed_at?: number
  by: Actor
}

export interface FraudCheck {
  check_items: string
  status: "ACCEPT" | "REJECT"
}

export interface HistoryEntry {
  at: number
  from: OrderState
  to: OrderState
  by: Actor
  info: string
}

export interface Order {
  transaction_id: string
  merchant_id: string
  account_id: string
  order_no: string
  kind: "card" | "apm"
  capture_mode: "authorise" | "sale"
  currency: string
  amount_minor: number
  state: OrderState
  order_info: string
  created_at: number
  authorised_at?: number
  captured_minor: number
  refunded_minor: number
  refunds: RefundEntry[]
  disputes: DisputeEntry[]
  is3ds: boolean
  card_last4?: string
  fraud: FraudCheck[]
  reference_no: string
  /** Never card data. */
  request: Record<string, unknown>
  recurring_id?: string
  history: HistoryEntry[]
  /** Which of its account's keys opened it (0: sign_key); its notifications are signed with that key. */
  key_index?: number
  /** Issued for token_flag YES once paid. */
  saved_card?: IssuedToken
}
