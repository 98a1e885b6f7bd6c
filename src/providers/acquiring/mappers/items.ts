import type { CartItem } from "../../../gateway/schemas/checkout"
import type { SnapshotItem } from "../../../lib/acquiring/snapshot/schema"

export const ITEM_PART_SEP = "#,#"
export const ITEM_SEP = "#;#"
const ITEMS_MAX = 5000
const NAME_MAX = 200

/** Escape one `items` part: every `#` becomes `＃` (U+FF03) so no separator can form; line breaks flattened. */
export function escapeItemPart(value: string): string {
  return value
    .replace(/#/g, "\uFF03")
    .replace(/[\r\n\t]+/g, " ")
    .trim()
}

/** `name#,#item_no#,#unit_price#,#quantity` joined by `#;#`, within the 5000-character limit. */
export function itemsString(items: SnapshotItem[]): string {
  const parts: string[] = []
  let length = 0
  for (const [i, it] of items.entries()) {
    const name = escapeItemPart(it.name).slice(0, NAME_MAX) || "item"
    const itemNo = escapeItemPart(it.sku ?? it.product_id ?? it.id)
    const entry = [name, itemNo, it.unit_price, String(it.quantity)].join(ITEM_PART_SEP)
    const add = (parts.length ? ITEM_SEP.length : 0) + entry.length
    if (length + add > ITEMS_MAX) {
      // The list is descriptive; the money is in the totals. Say how many were left out.
      const more = `${items.length - i} more${ITEM_PART_SEP}-${ITEM_PART_SEP}0.00${ITEM_PART_SEP}0`
      if (length + ITEM_SEP.length + more.length <= ITEMS_MAX) parts.push(more)
      break
    }
    parts.push(entry)
    length += add
  }
  return parts.join(ITEM_SEP)
}

/** cart_items[].basic_item_data: price in the order currency, and in USD when that is the order currency. */
export function cartItems(items: SnapshotItem[], currency: string): CartItem[] {
  return items.map((it) => {
    const local = Number(it.unit_price)
    return {
      basic_item_data: {
        name: it.name,
        quantity: String(it.quantity),
        type: it.is_giftcard ? "gift_card" : it.requires_shipping === false ? "digital" : "physical",
        price: { amount_local_currency: local, currency, ...(currency === "USD" ? { amount_usd: local } : {}) },
        ...(it.category ? { category: it.category } : {}),
        ...(it.product_id ? { productId: it.product_id } : {}),
      },
    }
  })
}
