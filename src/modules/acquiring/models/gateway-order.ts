import { model } from "@medusajs/framework/utils"

export const GATEWAY_ORDER_STATES = [
  "open",
  /** Its session became a Medusa payment, which reconciliation follows from here. */
  "attached",
  /** Paid with no live session, then voided or refunded in full. */
  "settled",
  /** Such an order only recorded (`orphans: "report"`) or not settleable: the admin decides. */
  "unmatched",
  "closed",
] as const

/** recordOpened writes rows in one statement, with ids made the same way. */
export const GATEWAY_ORDER_ID_PREFIX = "agord"

/** Medusa hard-deletes a session with its data; this row outlives it, so an orphan can be found and settled. */
export const GatewayOrder = model
  .define("acquiring_gateway_order", {
    id: model.id({ prefix: GATEWAY_ORDER_ID_PREFIX }).primaryKey(),
    order_no: model.text().unique(),
    provider_id: model.text(),
    account_id: model.text().nullable(),
    kind: model.text(),
    /** As sent, after the currency rounding. */
    amount: model.bigNumber(),
    currency_code: model.text(),
    session_id: model.text(),
    payment_collection_id: model.text().nullable(),
    cart_id: model.text().nullable(),
    payment_method: model.text().nullable(),
    state: model.enum([...GATEWAY_ORDER_STATES]).default("open"),
    gateway_status: model.text().nullable(),
    checked_at: model.dateTime().nullable(),
    /** The page cannot be paid after this; a waiting order is followed until then. */
    page_expires_at: model.dateTime().nullable(),
    orphan_reason: model.text().nullable(),
    settlement: model.text().nullable(),
    settled_at: model.dateTime().nullable(),
    settlement_detail: model.text().nullable(),
    /** Its account and key until it is final (0: the Medusa config's options only). */
    settings_version: model.number().default(0),
  })
  .indexes([
    { on: ["state"] },
    { on: ["session_id"] },
    { on: ["payment_collection_id"] },
    { on: ["created_at"] },
    { on: ["settled_at"] },
  ])
