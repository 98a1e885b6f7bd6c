/**
 * A payment session request on a collection that is already paid is refused: Medusa's session
 * workflow deletes every session of the collection first, the authorised one included, and the
 * money would be given back from an order. Shared by the store route and the storefront kit.
 */

/** Collection statuses in which Medusa holds an authorised or captured payment on it. */
export const PAID_COLLECTION_STATUSES: ReadonlySet<string> = new Set([
  "authorized",
  "partially_authorized",
  "partially_captured",
  "completed",
])

/** The refusal's `code`, and how its message starts (a JS SDK error carries only the status and message). */
export const PAID_COLLECTION_CODE = "acquiring_collection_paid"
const PAID_MESSAGE_START = "Already paid:"

/** Why the request is refused: the cart is an order, or the collection holds a payment. */
export function paidCollectionMessage(why: { order_id?: string; cart_id?: string; status?: string }): string {
  if (why.order_id)
    return `${PAID_MESSAGE_START} cart ${why.cart_id} is order ${why.order_id}. Show the order; no new payment is needed.`
  if (why.cart_id)
    return `${PAID_MESSAGE_START} cart ${why.cart_id} is completed. Show its order; no new payment is needed.`
  return `${PAID_MESSAGE_START} this payment collection is ${why.status}; no new payment session can replace its payment.`
}

/** Whether a failed session request is this refusal (409 with its message). */
export const isPaidCollectionRefusal = (status: number | undefined, message: string): boolean =>
  status === 409 && message.startsWith(PAID_MESSAGE_START)
