import { z } from "zod"
import { WireText } from "./common"

/**
 * Notification POSTed (form-urlencoded) to `notify_url`. The spec shows neither fields nor signature
 * (§6.3), so this is only a hint: the provider confirms with retrievalTrans before acting.
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
    order_status: WireText.optional().default(""),
    order_info: WireText.optional().default(""),
    payment_status: WireText.optional(),
    refund_reference_id: WireText.optional(),
    refund_amount: WireText.optional(),
    refund_status: WireText.optional(),
    /** Dispute fields are unknown to the spec: our default names, overridable by the provider. */
    dispute_id: WireText.optional(),
    dispute_status: WireText.optional(),
    dispute_reason: WireText.optional(),
    dispute_amount: WireText.optional(),
    dispute_deadline: WireText.optional(),
    dispute_date: WireText.optional(),
    request_id: WireText.optional(),
    status: WireText.optional(),
    encryption_data: WireText.optional(),
  })
  .loose()
export type Notification = z.infer<typeof Notification>

/** The interface's snake_case names or the engine's legacy push names; the client reads both. */
export const NotificationDialect = z.enum(["snake_case", "legacy"])
export type NotificationDialect = z.infer<typeof NotificationDialect>

/** The engine's legacy name → our name; fields outside it have no known legacy name. */
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

export function notificationFieldName(name: string): string {
  return Object.hasOwn(NOTIFICATION_ALIASES, name) ? NOTIFICATION_ALIASES[name as LegacyNotificationName] : name
}

export function inNotificationDialect<T>(payload: Record<string, T>, dialect: NotificationDialect): Record<string, T> {
  if (dialect === "snake_case") return { ...payload }
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [LEGACY_BY_NAME.get(k) ?? k, v]))
}

/**
 * Default notification signature rule (inferred, overridable): the engine's legacy push order (the
 * spec §5.4), which through the alias table is this same list, so one rule verifies both namings.
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

/** Payout notification rule (our choice): request_id in place of order_no, naming exactly one payout. */
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

export type NotificationRow = "order" | "payout"
