import { createHash } from "node:crypto"
import type { PaymentView } from "../queries/payments"
import type { BulkItem, BulkOptions } from "./types"

/** One entry per order (the first): an order listed twice must never be sent or recorded twice. */
export function uniqueItems(given: BulkItem[]): BulkItem[] {
  const seen = new Set<string>()
  return given.filter((i) => !seen.has(i.order_id) && !!seen.add(i.order_id))
}

export function refundMarker(items: BulkItem[], opts: BulkOptions): string {
  const key =
    opts.idempotency_key ??
    createHash("sha256")
      .update(JSON.stringify([...items].sort((a, b) => a.order_id.localeCompare(b.order_id))))
      .digest("hex")
      .slice(0, 16)
  return `${opts.reason ? `${opts.reason.slice(0, 900)} ` : ""}[medusa bulk ${key}]`
}

/** The payment a bulk call acts on: the order's live acquiring payment. */
export const pickPayment = (list: PaymentView[]) =>
  list.find((p) => !p.canceled_at && p.data) ?? list.find((p) => p.data)
