import type { BigNumberInput } from "@medusajs/framework/types"
import { toAmount } from "../money"
import { SNAPSHOT_CART_FIELDS, type CartLike } from "./build"

/**
 * Order fields the store middleware asks Query for: the cart's, less what only a cart has, plus
 * the order item's own quantity (`items.detail.quantity`): Medusa 2.18's order module reads
 * `items.quantity` from the line item and computes every item total from the order item's, so
 * without it the order's totals came back as its shipping alone (2.21 reads both either way).
 */
export const SNAPSHOT_ORDER_FIELDS = [
  "display_id",
  ...SNAPSHOT_CART_FIELDS.filter(
    (f) => !f.startsWith("promotions") && !f.startsWith("items.variant") && !f.startsWith("items.product."),
  ),
  "items.detail.quantity",
] as const

export type OrderLike = CartLike & { display_id?: number | string | null }

/** One line for a whole amount (a balance, or a collection that belongs to nothing). */
function oneLine(base: CartLike, id: string, title: string, amount: BigNumberInput): CartLike {
  return {
    ...base,
    total: amount,
    item_subtotal: amount,
    shipping_subtotal: 0,
    tax_total: 0,
    items: [{ id, title, unit_price: amount, quantity: 1 }],
  }
}

/**
 * What an order's payment collection pays, shaped as a cart for the snapshot: the order's own
 * lines and totals when the collection asks for the whole order total; otherwise (the
 * difference after an edit, an exchange, an outstanding balance) one line "Balance for order
 * #display_id" for the collection's amount, since the order's lines cannot add up to it.
 */
export function orderAsCart(order: OrderLike, amount: BigNumberInput): CartLike {
  if (toAmount(order.total) === toAmount(amount)) return order
  return oneLine(order, order.id, `Balance for order #${order.display_id ?? order.id}`, amount)
}

/** A payment collection that belongs to neither a cart nor an order: one line for its amount. */
export function collectionAsCart(collection: { id: string; currency_code: string; amount: BigNumberInput }): CartLike {
  return oneLine(
    { id: collection.id, currency_code: collection.currency_code, total: collection.amount },
    collection.id,
    `Payment ${collection.id}`,
    collection.amount,
  )
}
