import type { BigNumberInput } from "@medusajs/framework/types"
import { isAcquiringProvider } from "./config"
import { sameSentAmount, sentAmount, toAmount } from "./money"
import { tryReadData, type AcquiringData } from "./payment-data"

export { CART_CHANGED_CODE, CART_CHANGED_MESSAGE } from "./store-refusals"

/** Session statuses Medusa's completion takes a payment from (its validateCartPaymentsStep). */
const PROCESSABLE = new Set(["pending", "requires_more", "authorized", "captured", "pending_authorization"])

export interface CompletingCart {
  id: string
  total?: BigNumberInput | null
  raw_total?: BigNumberInput | null
  currency_code?: string | null
  completed_at?: Date | string | null
  payment_collection?: {
    payment_sessions?: Array<{ id: string; provider_id: string; status?: string | null; data?: unknown } | null> | null
  } | null
}

export interface ChangedCart {
  session_id: string
  order_no: string
  /** What the gateway holds, as sent ("32.89 EUR"). */
  held: string
  total: string
}

export function ourPayableSessions(cart: CompletingCart): Array<{ session_id: string; data: AcquiringData }> {
  if (cart.completed_at) return []
  const out: Array<{ session_id: string; data: AcquiringData }> = []
  for (const s of cart.payment_collection?.payment_sessions ?? []) {
    if (!s || !isAcquiringProvider(s.provider_id) || !PROCESSABLE.has(String(s.status ?? ""))) continue
    const data = tryReadData(s.data)
    if (data) out.push({ session_id: s.id, data })
  }
  return out
}

/** Our session whose gateway amount or currency no longer matches the cart's total (a tax calculation); null if none. */
export function changedAfterPayment(cart: CompletingCart): ChangedCart | null {
  const total = cart.raw_total ?? cart.total ?? 0
  const currency = String(cart.currency_code ?? "").toUpperCase()
  for (const { session_id, data } of ourPayableSessions(cart)) {
    if (data.currency.toUpperCase() === currency && sameSentAmount(data.amount, total, data)) continue
    return {
      session_id,
      order_no: data.order_no,
      held: `${toAmount(data.amount)} ${data.currency.toUpperCase()}`,
      total: `${sentAmount(total, data)} ${currency}`,
    }
  }
  return null
}

export const changedCartMessage = (c: ChangedCart, settled?: string): string =>
  `The cart changed after payment: pay again. The payment holds ${c.held} but the cart's total is now ` +
  `${c.total}${settled ? `; the payment was ${settled}` : ""}.`

export interface CompletionFailure {
  permanent: boolean
  /** stock, promotion, region, product, cart_changed, or transient. */
  cause: string
}

/** Medusa's refusals no retry lifts (stock, promotion, region, product, cart changed); anything else is retried. */
const PERMANENT: Array<[string, RegExp]> = [
  ["stock", /not enough stock|does not have the required inventory|is not associated with any stock location/i],
  ["promotion", /promotion usage exceeds|promotion .*(expired|not active|inactive)/i],
  ["region", /not enabled in the cart's region|region .*not found/i],
  ["product", /variant .*(not found|does not have any inventory items)|cannot complete a cart with no items/i],
  ["cart_changed", /cart changed after payment/i],
]

export function classifyCompletionFailure(
  error: { type?: unknown; message?: unknown } | null | undefined,
): CompletionFailure {
  const message = String(error?.message ?? "")
  for (const [cause, pattern] of PERMANENT) if (pattern.test(message)) return { permanent: true, cause }
  return { permanent: false, cause: "transient" }
}
