import { z } from "zod"
import { Amount, Currency, OrderNo, RefundMessage, ResultEnvelope, TransactionId, WireText } from "./common"

/** Request entries (the spec §2.6). */
export const CaptureOrder = z.object({
  transaction_id: TransactionId,
  order_no: OrderNo,
  currency: Currency,
  amount: Amount,
})
export type CaptureOrder = z.input<typeof CaptureOrder>
export const CancelOrder = CaptureOrder
export type CancelOrder = CaptureOrder
export const ReviewOrder = CaptureOrder.extend({
  /** `1` (accept) is observed; the reject value is not shown. */
  review_flag: z.string().min(1),
})
export type ReviewOrder = z.input<typeof ReviewOrder>
export const RefundOrder = CaptureOrder.extend({
  refund_amount: Amount,
  refund_reason: z.string().max(1000).optional().default(""),
})
export type RefundOrder = z.input<typeof RefundOrder>

/** Response entries (the spec §2.6). */
const EntryBase = z.object({
  transaction_id: WireText,
  order_no: WireText,
  currency: WireText,
  amount: WireText,
})
export const CaptureResult = EntryBase.extend({
  capture_status: WireText,
  error_message: WireText.optional().default(""),
}).loose()
export const CancelResult = EntryBase.extend({
  cancel_status: WireText,
  error_message: WireText.optional().default(""),
}).loose()
export const ReviewResult = EntryBase.extend({
  review_flag: WireText.optional(),
  review_status: WireText,
  error_message: WireText.optional().default(""),
}).loose()
export const RefundResult = EntryBase.extend({
  refund_amount: WireText,
  refund_message: RefundMessage,
  refund_reason: WireText.optional().default(""),
  refund_reference: WireText.optional().default(""),
  refund_reference_id: WireText.optional().default(""),
  refund_status: WireText,
}).loose()
export type CaptureResult = z.infer<typeof CaptureResult>
export type CancelResult = z.infer<typeof CancelResult>
export type ReviewResult = z.infer<typeof ReviewResult>
export type RefundResult = z.infer<typeof RefundResult>

const env = ResultEnvelope.extend({ return_status: WireText })
export const CaptureResponse = env.extend({ capture_orders: z.array(CaptureResult).default([]) }).loose()
export const CancelResponse = env.extend({ cancel_orders: z.array(CancelResult).default([]) }).loose()
export const ReviewResponse = env.extend({ review_orders: z.array(ReviewResult).default([]) }).loose()
export const RefundResponse = env.extend({ refund_orders: z.array(RefundResult).default([]) }).loose()
export type CaptureResponse = z.infer<typeof CaptureResponse>
export type CancelResponse = z.infer<typeof CancelResponse>
export type ReviewResponse = z.infer<typeof ReviewResponse>
export type RefundResponse = z.infer<typeof RefundResponse>
