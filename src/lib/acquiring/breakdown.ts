import { MedusaError } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { cents, fromCents, toAmount } from "./money"

export interface CartTotalsInput {
  total: BigNumberInput
  item_subtotal?: BigNumberInput | null
  shipping_subtotal?: BigNumberInput | null
  tax_total?: BigNumberInput | null
}

export interface Breakdown {
  item_total: string
  shipping: string
  tax_total: string
  shipping_discount: string
  discount: string
}

/** A residual this small is a rounding artefact of per-line rounding, not a real difference. */
const MAX_ROUNDING_CENTS = 2n

/** Exact to the cent: `discount` takes every reduction as the residual, so the parts never drift from the total. */
export function breakdown(cart: CartTotalsInput): { total: string; totals: Breakdown } {
  const total = toAmount(cart.total)
  const item = cents(toAmount(cart.item_subtotal))
  const shipping = cents(toAmount(cart.shipping_subtotal))
  let tax = cents(toAmount(cart.tax_total))
  let discount = item + shipping + tax - cents(total)
  if (discount < 0n) {
    if (-discount > MAX_ROUNDING_CENTS) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `cart totals are inconsistent: parts sum to ${fromCents(item + shipping + tax)}, total is ${total}`,
      )
    }
    tax -= discount
    discount = 0n
  }
  return {
    total,
    totals: {
      item_total: fromCents(item),
      shipping: fromCents(shipping),
      tax_total: fromCents(tax),
      shipping_discount: "0.00",
      discount: fromCents(discount),
    },
  }
}
