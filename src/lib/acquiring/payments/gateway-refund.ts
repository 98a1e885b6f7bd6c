import type { RefundResult } from "../../../gateway/schemas/batch"
import type { RefundRecord } from "../../../gateway/schemas/transactions"

export interface GatewayRefundInput {
  payment_id: string
  refund_reference_id: string
  amount: string
  /** The gateway's refund when the payment data may not track it yet (a bulk batch answer): merged first. */
  refund?: RefundRecord | RefundResult
  source?: "bulk" | "reconciliation"
}
