import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { breakdown } from "../breakdown"
import { toAmount } from "../money"
import type { CartSnapshot, SnapshotAddress, SnapshotCustomer, SnapshotItem } from "./schema"
import type { StorefrontData } from "./storefront-data"
import { subscriptionOf, type SubscriptionLine } from "./subscription"

export const SNAPSHOT_CART_FIELDS = [
  "id",
  "currency_code",
  "email",
  "locale",
  "customer_id",
  "total",
  "item_subtotal",
  "shipping_subtotal",
  "tax_total",
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
  "items.product_id",
  "items.product_type",
  "items.product_collection",
  "items.unit_price",
  "items.quantity",
  "items.is_giftcard",
  "items.requires_shipping",
  "items.variant.id",
  "items.variant.metadata",
  "items.product.id",
  "items.product.metadata",
  "shipping_address.*",
  "billing_address.*",
  "customer.id",
  "customer.email",
  "customer.first_name",
  "customer.last_name",
  "customer.phone",
  "customer.has_account",
  "customer.created_at",
  "promotions.code",
  "promotions.application_method.type",
] as const

type Nullable<T> = { [K in keyof T]?: T[K] | null }
type AddressLike = Nullable<SnapshotAddress> | null | undefined

export interface CartLike {
  id: string
  currency_code: string
  email?: string | null
  locale?: string | null
  total: BigNumberInput
  item_subtotal?: BigNumberInput | null
  shipping_subtotal?: BigNumberInput | null
  tax_total?: BigNumberInput | null
  items?: Array<{
    id: string
    title?: string | null
    product_title?: string | null
    variant_title?: string | null
    variant_sku?: string | null
    product_id?: string | null
    product_type?: string | null
    product_collection?: string | null
    unit_price: BigNumberInput
    quantity: BigNumberInput
    is_giftcard?: boolean | null
    requires_shipping?: boolean | null
    variant?: SubscriptionLine["variant"]
    product?: SubscriptionLine["product"]
  } | null> | null
  shipping_address?: AddressLike
  billing_address?: AddressLike
  customer?: {
    id: string
    email?: string | null
    first_name?: string | null
    last_name?: string | null
    phone?: string | null
    has_account?: boolean | null
    created_at?: string | Date | null
  } | null
  promotions?: Array<{ code?: string | null; application_method?: { type?: string | null } | null } | null> | null
}

export interface PastOrder {
  currency_code: string
  total: BigNumberInput
}

const clean = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== "")) as {
    [K in keyof T]?: Exclude<T[K], null>
  }

function address(a: AddressLike): SnapshotAddress | undefined {
  if (!a) return undefined
  const out = clean({
    first_name: a.first_name,
    last_name: a.last_name,
    company: a.company,
    address_1: a.address_1,
    address_2: a.address_2,
    city: a.city,
    province: a.province,
    postal_code: a.postal_code,
    country_code: a.country_code?.toUpperCase(),
    phone: a.phone,
  })
  return Object.keys(out).length ? out : undefined
}

function item(i: NonNullable<NonNullable<CartLike["items"]>[number]>): SnapshotItem {
  const name = i.product_title ? [i.product_title, i.variant_title].filter(Boolean).join(" - ") : (i.title ?? i.id)
  const quantity = Number(MathBN.convert(i.quantity).toFixed(0))
  return clean({
    id: i.id,
    name,
    sku: i.variant_sku,
    product_id: i.product_id,
    unit_price: toAmount(i.unit_price),
    quantity,
    category: i.product_type ?? i.product_collection,
    is_giftcard: i.is_giftcard,
    requires_shipping: i.requires_shipping,
  }) as SnapshotItem
}

function customer(c: CartLike["customer"], pastOrders: PastOrder[], currency: string): SnapshotCustomer | undefined {
  if (!c) return undefined
  const same = pastOrders.filter((o) => o.currency_code.toUpperCase() === currency)
  const sum = same.reduce((s, o) => MathBN.add(s, o.total), MathBN.convert(0))
  const created = c.created_at ? new Date(c.created_at).getTime() / 1000 : undefined
  return clean({
    id: c.id,
    has_account: !!c.has_account,
    email: c.email,
    first_name: c.first_name,
    last_name: c.last_name,
    phone: c.phone,
    created,
    past_orders_count: pastOrders.length,
    past_orders_sum: toAmount(sum),
  }) as SnapshotCustomer
}

/** Money from Medusa's totals, never the storefront's; the shopper's IP is the request's. */
export function buildSnapshot(input: {
  cart: CartLike
  owner?: { cart_id?: string; order_id?: string }
  payment_collection_id: string
  past_orders: PastOrder[]
  storefront: StorefrontData
  request_ip?: string
  now?: number
}): CartSnapshot {
  const { cart, storefront } = input
  const currency = cart.currency_code.toUpperCase()
  const { total, totals } = breakdown(cart)
  const lines = (cart.items ?? []).filter((i): i is NonNullable<typeof i> => !!i)
  const { shopper_ip: _shopperWritten, ...device } = storefront.device ?? {}
  return {
    v: 1,
    issued_at: input.now ?? Date.now(),
    ...(input.owner ?? { cart_id: cart.id }),
    payment_collection_id: input.payment_collection_id,
    currency_code: currency,
    total,
    totals,
    items: lines.map(item),
    promo_codes: (cart.promotions ?? [])
      .filter((p) => !!p?.code)
      .map((p) => clean({ code: p!.code!, type: p!.application_method?.type }) as { code: string; type?: string }),
    email: cart.email ?? cart.customer?.email ?? undefined,
    locale: cart.locale ?? undefined,
    billing_address: address(cart.billing_address),
    shipping_address: address(cart.shipping_address),
    customer: customer(cart.customer, input.past_orders, currency),
    subscription: subscriptionOf(lines),
    shopper_ip: input.request_ip,
    device,
    return_url: storefront.return_url,
    cancel_url: storefront.cancel_url,
    payment_method: storefront.payment_method,
    bank_code: storefront.bank_code,
    save_card: storefront.save_card,
    payment_method_id: storefront.payment_method_id,
  }
}
