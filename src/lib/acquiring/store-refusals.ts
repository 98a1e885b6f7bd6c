/** Refusals the storefront kit recognises by message (an SDK error carries only status and message); no Medusa import. */

/** Medusa holds a payment here: a new session would delete every session, the authorised one included. */
export const PAID_COLLECTION_STATUSES: ReadonlySet<string> = new Set([
  "authorized",
  "partially_authorized",
  "partially_captured",
  "completed",
])

export const PAID_COLLECTION_CODE = "acquiring_collection_paid"
const PAID_MESSAGE_START = "Already paid:"

export function paidCollectionMessage(why: { order_id?: string; cart_id?: string; status?: string }): string {
  if (why.order_id)
    return `${PAID_MESSAGE_START} cart ${why.cart_id} is order ${why.order_id}. Show the order; no new payment is needed.`
  if (why.cart_id)
    return `${PAID_MESSAGE_START} cart ${why.cart_id} is completed. Show its order; no new payment is needed.`
  return `${PAID_MESSAGE_START} this payment collection is ${why.status}; no new payment session can replace its payment.`
}

export const isPaidCollectionRefusal = (status: number | undefined, message: string): boolean =>
  status === 409 && message.startsWith(PAID_MESSAGE_START)

/** A completion refused because the cart's total is no longer what the gateway holds. */
export const CART_CHANGED_CODE = "cart_changed_after_payment"
export const CART_CHANGED_MESSAGE = "The cart changed after payment: pay again."
