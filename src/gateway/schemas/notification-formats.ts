import { z } from "zod"
import {
  AMOUNT_PATTERN,
  Amount,
  CURRENCY_PATTERN,
  Currency,
  ORDER_INFO_PATTERN,
  ORDER_NO_PATTERN,
  ORDER_STATUSES,
  OrderInfo,
  OrderStatus,
  TRANSACTION_ID_PATTERN,
  UUID_PATTERN,
  Uuid,
} from "./common"

/**
 * Signed values are joined with nothing between them, so a checkout signature every shopper holds could
 * be re-split into a notification's fields: each signed field must be in its own format to prevent it.
 */

const Pattern = z.string().refine((p) => {
  try {
    new RegExp(p)
    return true
  } catch {
    return false
  }
}, "must be a valid regular expression")

/** Formats the spec does not show. Anchor them (`^…$`): an unanchored pattern matches part of a longer value. */
export const NotificationFormats = z.object({
  transaction_id: Pattern.default(TRANSACTION_ID_PATTERN),
  /** The Medusa provider narrows it to the order numbers it makes. */
  order_no: Pattern.default(ORDER_NO_PATTERN),
})
export type NotificationFormats = z.infer<typeof NotificationFormats>

export interface SignerIds {
  merchant_id: string
  account_ids: readonly string[]
}

export interface FieldFormat {
  test(value: string): boolean
  message: string
}
export type FieldFormats = Record<string, FieldFormat>

const messageOf = (schema: z.ZodType) => schema.safeParse("\u0000").error?.issues[0].message ?? "is not valid"
const matching = (re: RegExp, message: string): FieldFormat => ({ test: (v) => re.test(v), message })
const oneOf = (values: readonly string[], message: string): FieldFormat => {
  const set = new Set(values)
  return { test: (v) => set.has(v), message }
}

/** Fields a merchant adds to a row that are not named here need only be non-empty. */
export function signedFieldFormats(formats: NotificationFormats, ids: SignerIds): FieldFormats {
  return {
    merchant_id: oneOf([ids.merchant_id], "must be this merchant's merchant_id"),
    account_id: oneOf(ids.account_ids, "must be a configured account_id"),
    transaction_id: matching(
      new RegExp(formats.transaction_id),
      "must be a gateway transaction id (notification_formats.transaction_id)",
    ),
    order_no: matching(
      new RegExp(formats.order_no),
      "must be an order number of this store (notification_formats.order_no)",
    ),
    currency: matching(CURRENCY_PATTERN, messageOf(Currency)),
    amount: matching(AMOUNT_PATTERN, messageOf(Amount)),
    order_status: oneOf(ORDER_STATUSES, messageOf(OrderStatus)),
    order_info: matching(ORDER_INFO_PATTERN, messageOf(OrderInfo)),
    request_id: matching(UUID_PATTERN, messageOf(Uuid)),
  }
}

export function signedFieldProblem(formats: FieldFormats, field: string, value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return "is missing"
  const text = String(value)
  if (text === "") return "is empty"
  const format = Object.hasOwn(formats, field) ? formats[field] : undefined
  return !format || format.test(text) ? null : format.message
}
