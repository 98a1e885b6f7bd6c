import { z } from "zod"

const S = z.union([z.string(), z.number().transform(String)])

/**
 * Notification POSTed (form-urlencoded) to `notify_url`. The spec shows neither fields
 * nor signature (gateway-interface.md §6.3); this shape follows the engine's push (merNo, gatewayNo, tradeNo,
 * orderNo, orderCurrency, orderAmount, orderStatus, orderInfo) under the interface's
 * snake_case names, and is only ever treated as a hint: the provider confirms with
 * /v1/retrievalTrans before acting (docs/assumptions.md).
 */
export const NOTIFY_TYPES = ["payment", "review", "refund", "dispute", "payout"] as const

export const Notification = z
  .object({
    notify_type: z.enum(NOTIFY_TYPES).optional().default("payment"),
    merchant_id: S,
    account_id: S,
    transaction_id: S.optional().default(""),
    order_no: S.optional().default(""),
    currency: S.optional().default(""),
    amount: S.optional().default(""),
    /** Engine order status: -2 review, -1 pending/authorised, 0 failed, 1 success. */
    order_status: S.optional().default(""),
    /** `<code>:<text>` */
    order_info: S.optional().default(""),
    payment_status: S.optional(),
    refund_reference_id: S.optional(),
    refund_amount: S.optional(),
    refund_status: S.optional(),
    /**
     * Dispute ("dispute received and result", gateway-interface.md §6.3): the field list is unknown, so these
     * snake_case names are our default; the provider reads them through overridable names
     * (src/providers/acquiring/core/disputes.ts) and only after retrievalTrans confirms the order.
     */
    dispute_id: S.optional(),
    /** opened, under_review, won, lost, closed (others mapped by the merchant). */
    dispute_status: S.optional(),
    dispute_reason: S.optional(),
    dispute_amount: S.optional(),
    /** Last day to answer the dispute (YYYY-MM-DD, ISO 8601 or YYYYMMDDhhmmss). */
    dispute_deadline: S.optional(),
    /** When the dispute reached this status (YYYYMMDDhhmmss, UTC). */
    dispute_date: S.optional(),
    request_id: S.optional(),
    status: S.optional(),
    encryption_data: S.optional(),
  })
  .loose()
export type Notification = z.infer<typeof Notification>

/** Default signature rule for notifications (engine push order; inferred, overridable). */
export const NOTIFICATION_SIGN_FIELDS = [
  "merchant_id",
  "account_id",
  "transaction_id",
  "order_no",
  "currency",
  "amount",
  "order_status",
  "order_info",
] as const
