/**
 * The guide's 3.3 server action (`@lib/data/acquiring`) for its return page under test: what the kit's
 * completeCart answers once the gateway has declined, built by the kit itself (declineOutcome of the
 * cart's latest session, with the reason kept as the plugin's notification hook keeps it). The path
 * from the gateway to that session runs against a real store in declines.spec.ts; here the page is
 * under test. The cart id names the case; every cart's first attempt is `retry` (the notification
 * is completing the cart), so the page's wait-and-retry runs too.
 */
import { declineReasonOf, DeclineReason } from "../../../../src/lib/acquiring/decline"
import { ORDER_INFO } from "../../../../src/sandbox/codes"
import { declineOutcome, type CompleteOutcome } from "../../../../src/storefront"

const ended = (status: "error" | "canceled", orderInfo?: string) => ({
  status,
  data: orderInfo ? { decline: DeclineReason.parse(declineReasonOf(orderInfo)) } : {},
})

/** Cart id → the cart's latest payment session after the gateway's answer. */
const SESSIONS = {
  cart_insufficient_funds: ended("error", ORDER_INFO.insufficient_funds),
  cart_refused: ended("error", ORDER_INFO.declined),
  cart_three_ds_failed: ended("error", ORDER_INFO.three_ds_failed),
  cart_expired: ended("error", ORDER_INFO.expired_card),
  cart_canceled: ended("canceled", ORDER_INFO.shopper_cancelled),
  cart_unmapped: ended("error", "E0999:Some code nobody mapped"),
} as const

const attempts = new Map<string, number>()

export async function completeAcquiringCart(cartId: string): Promise<CompleteOutcome> {
  const attempt = (attempts.get(cartId) ?? 0) + 1
  attempts.set(cartId, attempt)
  if (attempt === 1) return { type: "retry", reason: "completing" }
  if (cartId === "cart_paid") return { type: "order", order: { id: "order_paid" } }
  const session = SESSIONS[cartId as keyof typeof SESSIONS]
  if (!session) return { type: "error", message: `no such cart ${cartId}`, status: 404 }
  return declineOutcome(session, { detail: "Payment authorization failed" })
}
