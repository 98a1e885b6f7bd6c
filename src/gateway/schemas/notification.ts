import { z } from "zod"
import { WireText } from "./common"

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
    merchant_id: WireText,
    account_id: WireText,
    transaction_id: WireText.optional().default(""),
    order_no: WireText.optional().default(""),
    currency: WireText.optional().default(""),
    amount: WireText.optional().default(""),
    /** Engine order status: -2 review, -1 pending/authorised, 0 failed, 1 success. */
    order_status: WireText.optional().default(""),
    /** `<code>:<text>` */
    order_info: WireText.optional().default(""),
    payment_status: WireText.optional(),
    refund_reference_id: WireText.optional(),
    refund_amount: WireText.optional(),
    refund_status: WireText.optional(),
    /**
     * Dispute ("dispute received and result", gateway-interface.md §6.3): the field list is unknown, so these
     * snake_case names are our default; the provider reads them through overridable names
     * (lib/acquiring/disputes.ts) and only after retrievalTrans confirms the order.
     */
    dispute_id: WireText.optional(),
    /** opened, under_review, won, lost, closed (others mapped by the merchant). */
    dispute_status: WireText.optional(),
    dispute_reason: WireText.optional(),
    dispute_amount: WireText.optional(),
    /** Last day to answer the dispute (YYYY-MM-DD, ISO 8601 or YYYYMMDDhhmmss). */
    dispute_deadline: WireText.optional(),
    /** When the dispute reached this status (YYYYMMDDhhmmss, UTC). */
    dispute_date: WireText.optional(),
    request_id: WireText.optional(),
    status: WireText.optional(),
    encryption_data: WireText.optional(),
  })
  .loose()
export type Notification = z.infer<typeof Notification>

/**
 * The two namings a notification can arrive in (gateway-interface.md §6.3 shows neither):
 * `snake_case`, the interface's names, and `legacy`, the engine's push names (docs/assumptions.md,
 * Sandbox: "Notification field names"). The client reads both; the sandbox sends one, by option.
 */
export const NotificationDialect = z.enum(["snake_case", "legacy"])
export type NotificationDialect = z.infer<typeof NotificationDialect>

/**
 * The one alias table: the engine's legacy name → our name, for the same value. Fields outside
 * it (notify_type, refund_*, dispute_*, payment_status, …) have no known legacy name.
 */
export const NOTIFICATION_ALIASES = {
  merNo: "merchant_id",
  gatewayNo: "account_id",
  tradeNo: "transaction_id",
  orderNo: "order_no",
  orderCurrency: "currency",
  orderAmount: "amount",
  orderStatus: "order_status",
  orderInfo: "order_info",
  signInfo: "encryption_data",
} as const satisfies Record<string, keyof typeof Notification.shape>
export type LegacyNotificationName = keyof typeof NOTIFICATION_ALIASES

const LEGACY_BY_NAME = new Map<string, string>(Object.entries(NOTIFICATION_ALIASES).map(([l, n]) => [n, l]))

/** Our name for a notification field written in either naming (unknown names pass through). */
export function notificationFieldName(name: string): string {
  return Object.hasOwn(NOTIFICATION_ALIASES, name) ? NOTIFICATION_ALIASES[name as LegacyNotificationName] : name
}

/** A payload under our names rewritten in `dialect`, key order kept (what the sandbox sends). */
export function inNotificationDialect<T>(payload: Record<string, T>, dialect: NotificationDialect): Record<string, T> {
  if (dialect === "snake_case") return { ...payload }
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [LEGACY_BY_NAME.get(k) ?? k, v]))
}

/**
 * Default signature rule for notifications (engine push order; inferred, overridable). The
 * engine's legacy push signs merNo, gatewayNo, tradeNo, orderNo, orderCurrency, orderAmount,
 * orderStatus, orderInfo + signkey (docs/gateway-interface.md §5.4): through the alias table that is this
 * same list, so one rule verifies both namings.
 */
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

/**
 * Default signature rule for payout notifications (not documented; our choice, overridable with
 * payout_notification_signature_fields): the payment row with the payout's request_id where an
 * order has its order_no, so the signed values name exactly one payout (docs/assumptions.md).
 */
export const PAYOUT_NOTIFICATION_SIGN_FIELDS = [
  "merchant_id",
  "account_id",
  "transaction_id",
  "request_id",
  "currency",
  "amount",
  "order_status",
  "order_info",
] as const

/** Which row a notification is verified with: the notify hook's (orders) or the payout hook's. */
export type NotificationRow = "order" | "payout"
