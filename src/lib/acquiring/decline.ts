import { z } from "zod"

/**
 * Why the gateway refused or ended a payment, in shopper terms (Medusa-free: the storefront kit reads it).
 * The only reason is order_info `<code>:<text>` and the gateway lists no codes, so the table below is our
 * default, extended by `decline_reasons`; a code in neither is `declined`, never a guess.
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

export const DECLINE_KEY = "decline"

export const DeclineCode = z.string().regex(/^[A-Z]?\d{4}$/, "must be a gateway result code like E0002")

/** Inferred, as the gateway documents none: the E000x channel codes of the sandbox and engine, R0001 a rejected review. */
export const DEFAULT_DECLINE_REASONS: Readonly<Record<string, DeclineCategory>> = {
  E0001: "refused", // declined by the issuer
  E0002: "insufficient_funds",
  E0003: "three_ds_failed",
  E0004: "canceled", // the shopper's Cancel on the hosted page
  E0005: "refused", // rejected at the payment method provider (APM)
  E0006: "expired", // the issuer reports the card expired
  R0001: "refused", // rejected in fraud review
}

export const DeclineReason = z.object({
  code: z.string().max(20),
  text: z.string().max(200),
  category: DeclineCategory,
})
export type DeclineReason = z.infer<typeof DeclineReason>

/** `<code>:<text>` → the reason (undefined otherwise); `known` says whether a table named the code. */
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

export function storedDecline(data: unknown): DeclineReason | undefined {
  const raw = (data as Record<string, unknown> | null | undefined)?.[DECLINE_KEY]
  const r = DeclineReason.safeParse(raw)
  return r.success ? r.data : undefined
}
