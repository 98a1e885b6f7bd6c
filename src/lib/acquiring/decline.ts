import { z } from "zod"

/**
 * Why the gateway refused or ended a payment, in the words a shopper understands. Free of
 * Medusa: the storefront kit reads the same schema from the session data it gets from the Store API.
 *
 * The gateway reports a reason only as the notification's `order_info`, `<code>:<text>`
 * (gateway-interface.md §6.3, §7.7); its document lists no decline codes, so the table below is
 * our default (docs/assumptions.md › Provider › "Decline reasons") and the merchant's
 * `decline_reasons` option overrides or extends it. A code in neither is `declined`: never a guess.
 */
export const DECLINE_CATEGORIES = [
  "insufficient_funds",
  "refused",
  "three_ds_failed",
  "expired",
  "canceled",
  /** A code nobody mapped, or no code at all: the generic category. */
  "declined",
] as const
export const DeclineCategory = z.enum(DECLINE_CATEGORIES)
export type DeclineCategory = z.infer<typeof DeclineCategory>

/** Key of the reason inside the payment session's data (Medusa shows it to the storefront). */
export const DECLINE_KEY = "decline"

/** A reason code as the gateway writes it: four digits, optionally after a capital letter. */
export const DeclineCode = z.string().regex(/^[A-Z]?\d{4}$/, "must be a gateway result code like E0002")

/**
 * Codes of the E000x family (channel) the sandbox writes and the engine is known for, and R0001
 * (a review rejected). Inferred: the gateway's document names none of them.
 */
export const DEFAULT_DECLINE_REASONS: Readonly<Record<string, DeclineCategory>> = {
  E0001: "refused", // declined by the issuer
  E0002: "insufficient_funds",
  E0003: "three_ds_failed",
  E0004: "canceled", // the shopper's Cancel on the hosted page
  E0005: "refused", // rejected at the payment method provider (APM)
  E0006: "expired", // the issuer reports the card expired
  R0001: "refused", // rejected in fraud review
}

/** What is kept in the session data: the gateway's code and text, and the category they gave. */
export const DeclineReason = z.object({
  code: z.string().max(20),
  text: z.string().max(200),
  category: DeclineCategory,
})
export type DeclineReason = z.infer<typeof DeclineReason>

/**
 * `<code>:<text>` → the reason; undefined when order_info is not of that form. `known` says whether
 * a table named the code (an unknown code is `declined`, and the caller says so in its log line).
 */
export function declineReasonOf(
  orderInfo: string,
  overrides: Readonly<Record<string, DeclineCategory>> = {},
): (DeclineReason & { known: boolean }) | undefined {
  const m = /^([A-Z]?\d{4}):(.*)$/s.exec(orderInfo.trim())
  if (!m) return undefined
  const [, code, text] = m
  const category = overrides[code] ?? DEFAULT_DECLINE_REASONS[code]
  return { code, text: text.trim().slice(0, 200), category: category ?? "declined", known: !!category }
}

/** The reason a session's data carries, if any (anything malformed reads as none). */
export function storedDecline(data: unknown): DeclineReason | undefined {
  const raw = (data as Record<string, unknown> | null | undefined)?.[DECLINE_KEY]
  const r = DeclineReason.safeParse(raw)
  return r.success ? r.data : undefined
}
