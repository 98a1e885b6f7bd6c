import type { ReconcileAction } from "./diff"

/** One line of a reconciliation report: what a run changed, found or failed at. */
export interface ReconcileChange {
  kind:
    | ReconcileAction["type"]
    | "cart_completed"
    | "cart_paid_not_completed"
    | "cart_unplaceable_settled"
    | "collection_authorized"
    | "held_authorized"
    | "held_declined"
    | "orphan_discarded"
    | "orphan_settled"
    | "orphan_reported"
    | "kept_voided"
    | "kept_expiring"
    | "canceled_order_refunded"
    | "canceled_order_voided"
    | "canceled_order_reported"
    | "order_unpaid"
    | "error"
  order_no: string
  payment_id?: string
  order_id?: string
  cart_id?: string
  amount?: string
  refund_reference_id?: string
  detail?: string
}
