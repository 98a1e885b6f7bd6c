import type { AccountOwner } from "../../../gateway/schemas/checkout"
import type { CartSnapshot, SnapshotAddress } from "../../../lib/acquiring/snapshot/schema"

const street = (a: SnapshotAddress) => [a.address_1, a.address_2].filter(Boolean).join(" ") || undefined
const country = (c?: string) => (c && /^[A-Z]{2}$/.test(c) ? c : undefined)

export function billingFields(a: SnapshotAddress | undefined) {
  if (!a) return {}
  return {
    billing_country: country(a.country_code),
    billing_state: a.province,
    billing_city: a.city,
    billing_address: street(a),
    billing_postal_code: a.postal_code,
  }
}

export function deliveryFields(a: SnapshotAddress | undefined) {
  if (!a) return {}
  return {
    delivery_firstname: a.first_name,
    delivery_lastname: a.last_name,
    delivery_country: country(a.country_code),
    delivery_state: a.province,
    delivery_city: a.city,
    delivery_address: street(a),
    delivery_postal_code: a.postal_code,
  }
}

/** Shopper identity: billing name first (the card holder), then the customer account. */
export function shopperFields(s: CartSnapshot) {
  const b = s.billing_address ?? s.shipping_address
  return {
    first_name: b?.first_name ?? s.customer?.first_name,
    last_name: b?.last_name ?? s.customer?.last_name,
    shopper_email: s.email,
    shopper_phone: b?.phone ?? s.customer?.phone,
    shopper_id: s.customer?.id,
  }
}

/** account_owner[]: only for a registered customer (a guest has no account history). */
export function accountOwner(s: CartSnapshot): AccountOwner[] | undefined {
  const c = s.customer
  if (!c?.has_account) return undefined
  return [
    {
      first_name: c.first_name,
      last_name: c.last_name,
      email: c.email,
      account_id: c.id,
      created: c.created,
      past_orders_count: c.past_orders_count,
      past_orders_sum: Number(c.past_orders_sum),
    },
  ]
}
