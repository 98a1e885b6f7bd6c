import { BigNumber, generateEntityId, trimZeros } from "@medusajs/framework/utils"
import { GATEWAY_ORDER_ID_PREFIX } from "../models/columns"
import type { OpenedOrder } from "../types"

/** The row as the generated create would write it, for recordOpened's single statement. */
export function openedRow(r: OpenedOrder): Record<string, unknown> {
  return {
    id: generateEntityId(undefined, GATEWAY_ORDER_ID_PREFIX),
    order_no: r.order_no,
    provider_id: r.provider_id,
    account_id: r.account_id ?? null,
    kind: r.kind,
    payment_method: r.payment_method ?? null,
    amount: r.amount,
    raw_amount: JSON.stringify(rawOf(r.amount)),
    currency_code: r.currency_code,
    session_id: r.session_id,
    payment_collection_id: r.payment_collection_id ?? null,
    cart_id: r.cart_id ?? null,
    state: r.state ?? "open",
    page_expires_at: r.page_expires_at ?? null,
    settings_version: r.settings_version ?? 0,
  }
}

/** As Medusa's bigNumber property writes it: the value without trailing zeros. */
function rawOf(amount: string): { value: string; precision: number } {
  const raw = new BigNumber(amount).raw as { value: string; precision: number }
  return { ...raw, value: trimZeros(raw.value) }
}
