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
 * The gateway signs the field values joined with nothing between them (src/gateway/signing.ts), so
 * two field lists verify alike whenever their values join to the same text: a checkout signature
 * that every shopper holds could be re-split into a notification's fields. What stops it is the
 * format of each signed field. A notification counts only when every field its row signs is
 * present, non-empty and in that field's own format, so that no value can belong to a neighbour.
 * The row-by-row argument and its property test: docs/reliability.md, "Forged notifications".
 */

/** A regular expression given as text in the options; refused when it does not compile. */
const Pattern = z.string().refine((p) => {
  try {
    new RegExp(p)
    return true
  } catch {
    return false
  }
}, "must be a valid regular expression")

/**
 * Formats of the signed notification fields that the spec does not show (docs/assumptions.md,
 * "Field formats"): the gateway's transaction id, and the order numbers the merchant generates.
 * Anchor them (`^…$`): an unanchored pattern matches a piece of a longer value.
 */
export const NotificationFormats = z.object({
  transaction_id: Pattern.default(TRANSACTION_ID_PATTERN),
  /** The engine's rule by default; the Medusa provider narrows it to the order numbers it makes. */
  order_no: Pattern.default(ORDER_NO_PATTERN),
})
export type NotificationFormats = z.infer<typeof NotificationFormats>

/** Who may sign: the configured merchant and its accounts. */
export interface SignerIds {
  merchant_id: string
  account_ids: readonly string[]
}

/** One signed field's format: a test (a regular expression's, so a re-split search stays fast) and what it asks for. */
export interface FieldFormat {
  test(value: string): boolean
  message: string
}
export type FieldFormats = Record<string, FieldFormat>

/** What a request schema says of a value it refuses: the same words for the same format, read once. */
const messageOf = (schema: z.ZodType) => schema.safeParse("\u0000").error?.issues[0].message ?? "is not valid"
const matching = (re: RegExp, message: string): FieldFormat => ({ test: (v) => re.test(v), message })
const oneOf = (values: readonly string[], message: string): FieldFormat => {
  const set = new Set(values)
  return { test: (v) => set.has(v), message }
}

/**
 * Each signed field's format. Fields a merchant adds to a row that are not named here need only
 * be non-empty (their format is the merchant's to know).
 */
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

/** Why `value` cannot stand in signed field `field`, or null when it can. */
export function signedFieldProblem(formats: FieldFormats, field: string, value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return "is missing"
  const text = String(value)
  if (text === "") return "is empty"
  const format = Object.hasOwn(formats, field) ? formats[field] : undefined
  return !format || format.test(text) ? null : format.message
}
