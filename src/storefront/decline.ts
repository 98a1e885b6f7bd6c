import { DECLINE_CATEGORIES, DeclineCategory, storedDecline } from "../lib/acquiring/decline"
import type { CompleteOutcome } from "./schemas"

export { DECLINE_CATEGORIES, DeclineCategory }

export interface DeclineText {
  title: string
  message: string
}

/** A store's own wording (another language, its tone), per reason; the rest keeps the defaults. */
export type DeclineTexts = Partial<Record<DeclineCategory, Partial<DeclineText>>>

/** What the shopper reads; Medusa's own wording goes to `detail`. */
export const DECLINED_MESSAGE = "The payment was declined."
export const CANCELLED_MESSAGE = "The payment was cancelled."

export const DECLINE_TEXTS: Readonly<Record<DeclineCategory, DeclineText>> = {
  insufficient_funds: { title: "Insufficient funds", message: "The card does not have enough funds for this payment." },
  refused: { title: "Payment refused", message: "The card's bank refused the payment." },
  three_ds_failed: {
    title: "Card verification failed",
    message: "The bank's 3-D Secure check of the card did not succeed.",
  },
  expired: { title: "Card expired", message: "The card has expired." },
  canceled: { title: "Payment cancelled", message: CANCELLED_MESSAGE },
  declined: { title: "Payment declined", message: DECLINED_MESSAGE },
}

export interface SessionView {
  status: string
  data?: Record<string, unknown> | null
}

/** Medusa's statuses for a payment that ended without money: the gateway declined it, or it was cancelled. */
export const isEnded = (s: SessionView | undefined) => s?.status === "error" || s?.status === "canceled"

export const hasReason = (s: SessionView) => storedDecline(s.data) !== undefined

/** The reason the server kept from the notification, else what Medusa's status alone says. */
export function declineOutcome(
  session: SessionView | undefined,
  opts: { detail?: string; texts?: DeclineTexts } = {},
): Extract<CompleteOutcome, { type: "declined" }> {
  const kept = storedDecline(session?.data)
  const reason: DeclineCategory = kept?.category ?? (session?.status === "canceled" ? "canceled" : "declined")
  const text = declineText(reason, opts.texts)
  return {
    type: "declined",
    reason,
    title: text.title,
    message: text.message,
    ...(kept?.code ? { code: kept.code } : {}),
    ...(opts.detail ? { detail: opts.detail } : {}),
  }
}

export function declineText(reason: DeclineCategory, texts: DeclineTexts = {}): DeclineText {
  return { ...DECLINE_TEXTS[reason], ...texts[reason] }
}
