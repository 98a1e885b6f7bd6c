import { model } from "@medusajs/framework/utils"

/** Where a gateway order stands in the books (lib/acquiring/books/states.ts says which are final). */
export const GATEWAY_ORDER_STATES = [
  /** Opened for a live session; the shopper may still pay. */
  "open",
  /** Its session became a Medusa payment: from here the payment's own reconciliation follows it. */
  "attached",
  /** Paid or authorised while it belonged to no live session, and voided or refunded in full. */
  "settled",
  /** Such an order, recorded only (option `orphans: "report"`) or not settleable: the admin decides. */
  "unmatched",
  /** Never paid: failed, cancelled, or its page's lifetime passed with nothing at the gateway. */
  "closed",
] as const

/** Its ids' prefix (recordOpened writes rows in one statement, with ids made the same way). */
export const GATEWAY_ORDER_ID_PREFIX = "agord"

/**
 * One order the plugin opened at the gateway (checkout, authorise, token payment), written when it
 * is opened, so no gateway order can exist that the books do not know. Medusa hard-deletes a
 * session with its data; this row outlives it, which is how an orphan is found and settled.
 */
export const GatewayOrder = model
  .define("acquiring_gateway_order", {
    id: model.id({ prefix: GATEWAY_ORDER_ID_PREFIX }).primaryKey(),
    order_no: model.text().unique(),
    provider_id: model.text(),
    account_id: model.text().nullable(),
    /** checkout (hosted page), authorise (APM) or token (a saved card). */
    kind: model.text(),
    /** As sent to the gateway (the session's amount after the currency rounding). */
    amount: model.bigNumber(),
    currency_code: model.text(),
    session_id: model.text(),
    payment_collection_id: model.text().nullable(),
    cart_id: model.text().nullable(),
    state: model.enum([...GATEWAY_ORDER_STATES]).default("open"),
    /** The gateway's payment_status when last asked (or notified). */
    gateway_status: model.text().nullable(),
    checked_at: model.dateTime().nullable(),
    /** The hosted page (or issuer link) cannot be paid after this; a waiting order is followed until then. */
    page_expires_at: model.dateTime().nullable(),
    /** Why it belongs to no order (session deleted, cart changed), and what was done: voided / refunded / reported. */
    orphan_reason: model.text().nullable(),
    settlement: model.text().nullable(),
    settled_at: model.dateTime().nullable(),
    settlement_detail: model.text().nullable(),
    /** The settings version it was opened under: its account and key until it is final (0: medusa-config.ts only). */
    settings_version: model.number().default(0),
  })
  .indexes([{ on: ["state"] }, { on: ["session_id"] }, { on: ["payment_collection_id"] }, { on: ["created_at"] }])
