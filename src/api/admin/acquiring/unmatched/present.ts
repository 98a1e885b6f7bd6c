import { normaliseAmount } from "../../../../lib/acquiring/gateway-state"
import type { GatewayOrderDTO } from "../../../../modules/acquiring"

export const UNMATCHED_FIELDS = [
  "id",
  "order_no",
  "provider_id",
  "kind",
  "amount",
  "raw_amount",
  "currency_code",
  "state",
  "gateway_status",
  "orphan_reason",
  "settlement",
  "settlement_detail",
  "settled_at",
  "payment_collection_id",
  "created_at",
  "updated_at",
]

/** A gateway order with no Medusa order, or (orders list) one of an order whose money and status disagree. */
export interface UnmatchedPayment {
  id: string
  order_id: string | null
  order_no: string
  provider_id: string
  kind: string
  /** "12.50" as sent; the bigNumber column keeps "12.5". */
  amount: string
  currency_code: string
  state: string
  gateway_status: string | null
  orphan_reason: string | null
  /** Voided, refunded, or nothing yet; in the orders list, the order's mark. */
  settlement: string | null
  settlement_detail: string | null
  when: Date | string
  created_at: Date | string
}

export function presentUnmatched(o: GatewayOrderDTO, orderId?: string): UnmatchedPayment {
  const raw = (o as { raw_amount?: { value?: string } }).raw_amount
  const exact = raw?.value ?? String(o.amount)
  return {
    id: o.id,
    order_id: orderId ?? null,
    order_no: o.order_no,
    provider_id: o.provider_id,
    kind: o.kind,
    amount: normaliseAmount(exact) ?? exact,
    currency_code: o.currency_code,
    state: o.state,
    gateway_status: o.gateway_status ?? null,
    orphan_reason: o.orphan_reason ?? null,
    settlement: o.settlement ?? null,
    settlement_detail: o.settlement_detail ?? null,
    when: o.settled_at ?? o.updated_at,
    created_at: o.created_at,
  }
}
