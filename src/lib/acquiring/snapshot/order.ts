import type { BigNumberInput } from "@medusajs/framework/types"
import { toAmount } from "../money"
import { SNAPSHOT_CART_FIELDS, type CartLike } from "./build"

/** Also the order item's quantity: Medusa 2.18 computes item totals from it (else only shipping is left). */
export const SNAPSHOT_ORDER_FIELDS = [
  "display_id",
  ...SNAPSHOT_CART_FIELDS.filter(
    (f) => !f.startsWith("promotions") && !f.startsWith("items.variant") && !f.startsWith("items.product."),
  ),
  "items.detail.quantity",
] as const

export type OrderLike = CartLike & { display_id?: number | string | null }

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

/** An order's collection as a cart: the order's lines for its whole total, else one "Balance" line for the amount. */
export function orderAsCart(order: OrderLike, amount: BigNumberInput): CartLike {
  if (toAmount(order.total) === toAmount(amount)) return order
  return oneLine(order, order.id, `Balance for order #${order.display_id ?? order.id}`, amount)
}

export function collectionAsCart(collection: { id: string; currency_code: string; amount: BigNumberInput }): CartLike {
  return oneLine(
    { id: collection.id, currency_code: collection.currency_code, total: collection.amount },
    collection.id,
    `Payment ${collection.id}`,
    collection.amount,
  )
}
