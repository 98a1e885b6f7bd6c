import { z } from "zod"

/** Field formats shared by every operation (the spec §1.4, §2.5–2.7). */

export const AMOUNT_PATTERN = /^\d{1,12}\.\d{2}$/
export const Amount = z.string().regex(AMOUNT_PATTERN, 'must be a decimal string with two decimals, e.g. "12.50"')

/** The spec says string, the gateway may send a JSON number; kept as text. */
export const WireText = z.union([z.string(), z.number().transform(String)])

export const CURRENCY_PATTERN = /^[A-Z]{3}$/
export const Currency = z.string().regex(CURRENCY_PATTERN, "must be a 3-letter upper-case currency code")
export const Country = z.string().regex(/^[A-Z]{2}$/, "must be a 2-letter upper-case country code")

export const CompactTimestamp = z.string().regex(/^\d{14}$/, "must be a 14-digit timestamp YYYYMMDDhhmmss")

export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")

export const DmyDate = z.string().regex(/^\d{2}-\d{2}-\d{4}$/, "must be a date DD-MM-YYYY")

/** The offset is written without a colon, e.g. +0000 (the spec §2.8). */
export const OffsetTimestamp = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{4}$/,
    "must be an ISO 8601 timestamp with an offset like +0000",
  )

/** Engine rule, confirmed (the spec §2.2). */
export const ORDER_NO_PATTERN = "^[0-9A-Za-z]{5,50}$"
export const OrderNo = z
  .string()
  .regex(new RegExp(ORDER_NO_PATTERN), "must be 5 to 50 letters or digits (no hyphens or underscores)")

/**
 * The spec shows no format. Never `.`, `:` or `/`, so a signed row's amount or URL can never be read as
 * part of one; overridable for notifications (notification_formats).
 */
export const TRANSACTION_ID_PATTERN = "^[0-9A-Za-z][0-9A-Za-z_-]{0,63}$"
export const TransactionId = z
  .string()
  .regex(new RegExp(TRANSACTION_ID_PATTERN), "must be a gateway transaction id (letters, digits, _ or -)")

/** Signed in notifications: -2 review, -1 pending or authorised, 0 failed, 1 success. */
export const ORDER_STATUSES = ["-2", "-1", "0", "1"] as const
export const OrderStatus = z.enum(ORDER_STATUSES, { error: "must be one of -2, -1, 0, 1" })

export const ORDER_INFO_PATTERN = /^[A-Z]?\d{4}:.*$/s
export const OrderInfo = z.string().regex(ORDER_INFO_PATTERN, "must be <code>:<text>, e.g. 0000:Approved")

export const RefundMessage = z.string().regex(/^[A-Z]\d{4}:.*$/s, "must be <code>:<text>, e.g. V0000:OK")

export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
export const Uuid = z.string().regex(UUID_PATTERN, "must be a UUID")

/** Inbound may be upper case (the spec §5.4). */
export const Signature = z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters")

export const Url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })

export const Envelope = z.object({
  merchant_id: z.string().min(1).max(7),
  account_id: z.string().min(1).max(10),
  encryption_data: Signature,
})
export type Envelope = z.infer<typeof Envelope>

export const ResultEnvelope = z.object({
  merchant_id: z.string().optional(),
  account_id: z.string().optional(),
  return_status: z.string(),
  return_message: z.string().optional().default(""),
  encryption_data: z.string().optional(),
})

/** A failed request answers `{code, source, message}` with a 4xx/5xx (the spec §7.7, confirmed). */
export const ErrorBody = z.object({
  code: z.string().regex(/^[A-Z]\d{4}$/),
  source: z.string().optional().default(""),
  message: z.string().optional().default(""),
})
export type ErrorBody = z.infer<typeof ErrorBody>
