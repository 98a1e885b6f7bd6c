import { z } from "zod"
import { Amount, Currency } from "../../../gateway/schemas/common"
import { Subscription } from "../../../gateway/schemas/checkout"
import { DeviceData } from "./storefront-data"

export const SnapshotAddress = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  company: z.string().optional(),
  address_1: z.string().optional(),
  address_2: z.string().optional(),
  city: z.string().optional(),
  province: z.string().optional(),
  postal_code: z.string().optional(),
  country_code: z.string().optional(),
  phone: z.string().optional(),
})
export type SnapshotAddress = z.infer<typeof SnapshotAddress>

export const SnapshotItem = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string().optional(),
  product_id: z.string().optional(),
  unit_price: Amount,
  quantity: z.number().int().positive(),
  category: z.string().optional(),
  is_giftcard: z.boolean().optional(),
  requires_shipping: z.boolean().optional(),
})
export type SnapshotItem = z.infer<typeof SnapshotItem>

export const SnapshotCustomer = z.object({
  id: z.string(),
  has_account: z.boolean(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phone: z.string().optional(),
  /** Account creation, seconds since epoch (fractional). */
  created: z.number().optional(),
  past_orders_count: z.number().int().nonnegative(),
  /** Same-currency orders only, two decimals. */
  past_orders_sum: Amount,
})
export type SnapshotCustomer = z.infer<typeof SnapshotCustomer>

/** Built server side from the real cart or order, never storefront data, and HMAC-sealed. */
export const CartSnapshot = z.object({
  v: z.literal(1),
  issued_at: z.number().int(),
  /** Whose payment it is: a cart at checkout, an order afterwards (edits, payment links), or neither. */
  cart_id: z.string().optional(),
  order_id: z.string().optional(),
  payment_collection_id: z.string(),
  currency_code: Currency,
  /** Cart total, exact two decimals; must equal the amount Medusa passes. */
  total: Amount,
  totals: z.object({
    item_total: Amount,
    shipping: Amount,
    tax_total: Amount,
    shipping_discount: Amount,
    discount: Amount,
  }),
  items: z.array(SnapshotItem),
  promo_codes: z.array(z.object({ code: z.string(), type: z.string().optional() })),
  email: z.string().optional(),
  locale: z.string().max(35).optional(),
  billing_address: SnapshotAddress.optional(),
  shipping_address: SnapshotAddress.optional(),
  customer: SnapshotCustomer.optional(),
  subscription: Subscription.optional(),
  shopper_ip: z.string().optional(),
  device: DeviceData.default({}),
  return_url: z.string().optional(),
  cancel_url: z.string().optional(),
  payment_method: z.string().optional(),
  bank_code: z.string().optional(),
  /** The storefront's saved-card wishes; the provider checks them against Medusa's customer. */
  save_card: z.boolean().optional(),
  payment_method_id: z.string().optional(),
})
export type CartSnapshot = z.infer<typeof CartSnapshot>
