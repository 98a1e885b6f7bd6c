import { ControlError } from "./control-error"
import type { SandboxCore } from "./core"
import { ApiError } from "./http/api-error"
import type { Order } from "./state/order"
import type { CardToken, TypedCard } from "./state/tokens"
import type { CardOutcome } from "./test-cards"

/**
 * Saved cards: a successful `token_flag: "YES"` checkout issues a token; a later checkout with `token_id`
 * pays with it (the card page asks only the CVV); an unknown or revoked token is refused.
 */

/** In the I00xx input-validation family. */
export const TOKEN_REFUSED = "I0080"

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return "visa"
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard"
  if (/^3[47]/.test(digits)) return "amex"
  if (/^35/.test(digits)) return "jcb"
  if (/^3[068]/.test(digits)) return "diners"
  return "card"
}

/** Undefined when the checkout names none; refused when unusable. */
export function checkoutToken(core: SandboxCore, merchant_id: string, fields: Record<string, unknown>) {
  const token_id = typeof fields.token_id === "string" ? fields.token_id.trim() : ""
  if (!token_id) return undefined
  const token = core.tokens.usable(merchant_id, token_id)
  if (!token) throw new ApiError(400, TOKEN_REFUSED, "token_id", "token_id is unknown or revoked")
  return token
}

/** Number kept as an HMAC only, until the payment's result. */
export function rememberTypedCard(
  core: SandboxCore,
  transaction_id: string,
  card: { digits: string; expiry: string; outcome: CardOutcome },
): void {
  const typed: TypedCard = {
    card_hmac: core.tokens.cardHmac(card.digits),
    brand: brandOf(card.digits),
    last4: card.digits.slice(-4),
    expiry: card.expiry.replace(/\s/g, ""),
    outcome: card.outcome,
  }
  core.tokens.remember(transaction_id, typed)
}

/** A successful payment that asked for a token gets one (a new order version). */
export function issueTokenAfterResult(core: SandboxCore, order: Order): Order {
  if (order.request.token_flag !== "YES" || !["authorised", "paid"].includes(order.state)) return order
  const typed = core.tokens.typedFor(order.transaction_id)
  if (!typed) return order // paid with a token: nothing new to issue
  const t = core.tokens.issue(order.merchant_id, typed, core.clock.now())
  return core.store.update({
    ...order,
    saved_card: { token_id: t.token_id, brand: t.brand, last4: t.last4, expiry: t.expiry },
  })
}

export function savedCardProblem(cvv: string | undefined): string | null {
  return /^\d{3,4}$/.test(cvv ?? "") ? null : "Enter the 3 or 4 digit security code (CVV)."
}

/** Undefined for a typed card. */
export const payingToken = (core: SandboxCore, order: Order): CardToken | undefined =>
  core.tokens.payingWith(order.transaction_id)

export function revokeToken(core: SandboxCore, token_id: unknown) {
  if (typeof token_id !== "string" || !token_id) throw new ControlError(400, "give token_id", "token_id")
  const t = core.tokens.revoke(token_id, core.clock.now())
  if (!t) throw new ControlError(404, `no token ${token_id}`, "token_id")
  return tokenView(t)
}

/** What /__sandbox/tokens shows: never a card number (there is none to show). */
export const tokenView = (t: CardToken) => ({
  token_id: t.token_id,
  merchant_id: t.merchant_id,
  brand: t.brand,
  last4: t.last4,
  expiry: t.expiry,
  created_at: new Date(t.created_at).toISOString(),
  revoked_at: t.revoked_at ? new Date(t.revoked_at).toISOString() : null,
})
