import type { RefundRecord } from "../../../gateway/schemas/transactions"
import type { PaymentView } from "../queries/payments"
import type { BulkOperation, BulkStep } from "./plan"

export interface BulkItem {
  order_id: string
  /** Refund only: amount to refund (two decimals); default what is left. */
  amount?: string
}

export interface BulkItemResult {
  order_id: string
  status: "captured" | "canceled" | "refunded" | "already_done" | "failed" | "not_found"
  payment_id?: string
  order_no?: string
  amount?: string
  refund_reference_id?: string
  /** true when the gateway had already done it (a retried call or a portal action): only recorded. */
  recorded_only?: boolean
  error?: string
}

export interface BulkReport {
  operation: BulkOperation
  gateway_requests: number
  results: BulkItemResult[]
}

export interface BulkOptions {
  /** Refund only: free text sent as refund_reason (the idempotency marker is appended). */
  reason?: string
  /** Refund only: a retried call with the same key never refunds again; default derived from the items. */
  idempotency_key?: string
}

export interface Work {
  item: BulkItem
  payment: PaymentView
  step: BulkStep
  refund?: RefundRecord
}
