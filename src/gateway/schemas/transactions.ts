import { z } from "zod"
import { CompactTimestamp, ResultEnvelope } from "./common"

/** Strings the gateway may send as JSON numbers; normalised to strings. */
const S = z.union([z.string(), z.number().transform(String)])

/**
 * Selection for /v1/retrievalTrans and /v1/retrievalRefund (gateway-interface.md §4.3: `orders` and/or `trades`,
 * comma-separated, ≤ 100 each). The client takes arrays and splits them into requests.
 */
export const RetrievalSelection = z
  .object({
    orders: z.array(z.string().min(1)).optional(),
    trades: z.array(z.string().min(1)).optional(),
  })
  .refine((s) => (s.orders?.length ?? 0) + (s.trades?.length ?? 0) > 0, {
    message: "name at least one order number (orders) or transaction id (trades)",
  })
export type RetrievalSelection = z.input<typeof RetrievalSelection>

export const FraudCheck = z.object({ check_items: S, status: S }).loose()
export const SubscriptionResult = z
  .object({
    contract_name: S.optional(),
    recurring_deduction_period: S.optional(),
    recurring_deduction_time: S.optional(),
    recurring_id: S.optional(),
    recurring_status: S.optional(),
  })
  .loose()

export const DeliveryInformation = z
  .object({
    delivery_address: S.optional(),
    delivery_city: S.optional(),
    delivery_country: S.optional(),
    delivery_firstname: S.optional(),
    delivery_lastname: S.optional(),
    delivery_postal_code: S.optional(),
    delivery_state: S.optional(),
  })
  .loose()

/** gateway-interface.md §2.5 order record. */
export const OrderRecord = z
  .object({
    amount: S,
    currency: S,
    delivery_information: DeliveryInformation.optional(),
    antifraud_provider: S.optional(),
    fraud_check_result: z.array(FraudCheck).optional().default([]),
    is3ds: S.optional(),
    order_no: S,
    payment_status: S.optional(),
    query_result: S,
    reference_no: S.optional(),
    shopper_email: S.optional(),
    shopper_phone: S.optional(),
    subscription_result: SubscriptionResult.optional(),
    transaction_date: CompactTimestamp.or(z.literal("")).optional(),
    transaction_id: S.optional(),
    website: S.optional(),
  })
  .loose()
export type OrderRecord = z.infer<typeof OrderRecord>

/** gateway-interface.md §4.3 response. */
export const RetrievalTransResponse = ResultEnvelope.extend({
  return_status: S,
  orders_list: z.array(OrderRecord).optional().default([]),
}).loose()
export type RetrievalTransResponse = z.infer<typeof RetrievalTransResponse>

/** gateway-interface.md §2.7 refund record. */
export const RefundRecord = z
  .object({
    transaction_id: S,
    order_no: S,
    amount: S,
    refund_status: S,
    payment_status: S.optional(),
    refund_amount: S,
    refund_reference: S.optional().default(""),
    currency: S,
    refund_reason: S.optional().default(""),
    refund_reference_id: z.string().regex(/^.+-\d{2}$/, "must be <transaction_id>-NN"),
    refund_date: CompactTimestamp.or(z.literal("")).optional(),
    refund_processing_date: CompactTimestamp.or(z.literal("")).optional(),
  })
  .loose()
export type RefundRecord = z.infer<typeof RefundRecord>

/** gateway-interface.md §4.8 response. */
export const RetrievalRefundResponse = ResultEnvelope.extend({
  return_status: S,
  refund_orders: z.array(RefundRecord).optional().default([]),
}).loose()
export type RetrievalRefundResponse = z.infer<typeof RetrievalRefundResponse>
