import { z } from "zod"
import { CompactTimestamp, ResultEnvelope, WireText } from "./common"

/** `orders` and/or `trades`, comma-separated, ≤ 100 each (the spec §4.3); the client splits arrays into requests. */
export const RetrievalSelection = z
  .object({
    orders: z.array(z.string().min(1)).optional(),
    trades: z.array(z.string().min(1)).optional(),
  })
  .refine((s) => (s.orders?.length ?? 0) + (s.trades?.length ?? 0) > 0, {
    message: "name at least one order number (orders) or transaction id (trades)",
  })
export type RetrievalSelection = z.input<typeof RetrievalSelection>

export const FraudCheck = z.object({ check_items: WireText, status: WireText }).loose()
export const SubscriptionResult = z
  .object({
    contract_name: WireText.optional(),
    recurring_deduction_period: WireText.optional(),
    recurring_deduction_time: WireText.optional(),
    recurring_id: WireText.optional(),
    recurring_status: WireText.optional(),
  })
  .loose()

export const DeliveryInformation = z
  .object({
    delivery_address: WireText.optional(),
    delivery_city: WireText.optional(),
    delivery_country: WireText.optional(),
    delivery_firstname: WireText.optional(),
    delivery_lastname: WireText.optional(),
    delivery_postal_code: WireText.optional(),
    delivery_state: WireText.optional(),
  })
  .loose()

/** The spec §2.5 order record. */
export const OrderRecord = z
  .object({
    amount: WireText,
    currency: WireText,
    delivery_information: DeliveryInformation.optional(),
    antifraud_provider: WireText.optional(),
    fraud_check_result: z.array(FraudCheck).optional().default([]),
    is3ds: WireText.optional(),
    order_no: WireText,
    payment_status: WireText.optional(),
    query_result: WireText,
    reference_no: WireText.optional(),
    shopper_email: WireText.optional(),
    shopper_phone: WireText.optional(),
    subscription_result: SubscriptionResult.optional(),
    transaction_date: CompactTimestamp.or(z.literal("")).optional(),
    transaction_id: WireText.optional(),
    website: WireText.optional(),
  })
  .loose()
export type OrderRecord = z.infer<typeof OrderRecord>

/** The spec §4.3 response. */
export const RetrievalTransResponse = ResultEnvelope.extend({
  return_status: WireText,
  orders_list: z.array(OrderRecord).optional().default([]),
}).loose()
export type RetrievalTransResponse = z.infer<typeof RetrievalTransResponse>

/** The spec §2.7 refund record. */
export const RefundRecord = z
  .object({
    transaction_id: WireText,
    order_no: WireText,
    amount: WireText,
    refund_status: WireText,
    payment_status: WireText.optional(),
    refund_amount: WireText,
    refund_reference: WireText.optional().default(""),
    currency: WireText,
    refund_reason: WireText.optional().default(""),
    refund_reference_id: z.string().regex(/^.+-\d{2}$/, "must be <transaction_id>-NN"),
    refund_date: CompactTimestamp.or(z.literal("")).optional(),
    refund_processing_date: CompactTimestamp.or(z.literal("")).optional(),
  })
  .loose()
export type RefundRecord = z.infer<typeof RefundRecord>

/** The spec §4.8 response. */
export const RetrievalRefundResponse = ResultEnvelope.extend({
  return_status: WireText,
  refund_orders: z.array(RefundRecord).optional().default([]),
}).loose()
export type RetrievalRefundResponse = z.infer<typeof RetrievalRefundResponse>
