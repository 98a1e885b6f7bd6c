import { model } from "@medusajs/framework/utils"
import { DISPUTE_STATUSES } from "../../../lib/acquiring/disputes"
import {
  GATEWAY_ORDER_ID_PREFIX,
  GATEWAY_ORDER_STATES,
  MOVEMENT_KINDS,
  MOVEMENT_OUTCOMES,
  NOTIFICATION_HOOKS,
  NOTIFICATION_VERDICTS,
  KEPT_OUTCOMES,
} from "./columns"

// A gateway order and the rows that hang off it share one file: DML relations name each other.
// Named as the service's keys (listGatewayOrders …), so Query and links find the methods they call;
// the notification keeps its table's name, since Medusa's notification module owns that alias.

/** Medusa hard-deletes a session with its data; this row outlives it, so an orphan can be found and settled. */
export const GatewayOrder = model
  .define(
    { name: "GatewayOrder", tableName: "acquiring_gateway_order" },
    {
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
      movements: model.hasMany(() => Movement, { mappedBy: "gateway_order" }),
      disputes: model.hasMany(() => Dispute, { mappedBy: "gateway_order" }),
      notifications: model.hasMany(() => Notification, { mappedBy: "gateway_order" }),
      kept_authorisations: model.hasMany(() => KeptAuthorisation, { mappedBy: "gateway_order" }),
    },
  )
  .indexes([
    { on: ["state"] },
    { on: ["session_id"] },
    { on: ["payment_collection_id"] },
    { on: ["created_at"] },
    { on: ["settled_at"] },
  ])

/** What we asked the gateway and what it said; the gateway's own records stay the truth. */
export const Movement = model
  .define(
    { name: "Movement", tableName: "acquiring_movement" },
    {
      id: model.id({ prefix: "agmov" }).primaryKey(),
      order_no: model.text(),
      /** The order_no's gateway order, set from it by the database on insert (null: not in the books). */
      gateway_order: model.belongsTo(() => GatewayOrder, { mappedBy: "movements" }).nullable(),
      kind: model.enum([...MOVEMENT_KINDS]),
      source: model.text(),
      payment_id: model.text().nullable(),
      amount: model.bigNumber().nullable(),
      currency_code: model.text().nullable(),
      outcome: model.enum([...MOVEMENT_OUTCOMES]),
      /** Codes and identifiers only: no card or personal data. */
      answer: model.json().nullable(),
    },
  )
  .indexes([{ on: ["order_no"] }, { on: ["created_at"] }, { on: ["kind", "created_at"] }])

/** There is no dispute query: `history` is all we know; the status is the latest report by the gateway's date. */
export const Dispute = model
  .define(
    { name: "Dispute", tableName: "acquiring_dispute" },
    {
      id: model.id({ prefix: "agdsp" }).primaryKey(),
      /** Else the transaction: one dispute per transaction when the gateway sends no id. */
      dispute_id: model.text(),
      order_no: model.text(),
      /** The order_no's gateway order, set from it by the database on insert (null: not in the books). */
      gateway_order: model.belongsTo(() => GatewayOrder, { mappedBy: "disputes" }).nullable(),
      payment_id: model.text(),
      status: model.enum([...DISPUTE_STATUSES]),
      gateway_status: model.text(),
      reason: model.text().nullable(),
      amount: model.bigNumber().nullable(),
      deadline: model.text().nullable(),
      opened_at: model.text(),
      closed_at: model.text().nullable(),
      history: model.json(),
    },
  )
  .indexes([{ on: ["payment_id", "dispute_id"], unique: true }, { on: ["order_no"] }, { on: ["created_at"] }])

/** Card data masked. Nothing here is trusted: a replay verifies afresh. */
export const Notification = model
  .define("acquiring_notification", {
    id: model.id({ prefix: "agntf" }).primaryKey(),
    hook: model.enum([...NOTIFICATION_HOOKS]),
    /** current (our field names) or legacy (the engine's merNo, orderNo, …). */
    dialect: model.text(),
    order_no: model.text().nullable(),
    /** The order_no's gateway order, set from it by the database on insert (null: not in the books). */
    gateway_order: model.belongsTo(() => GatewayOrder, { mappedBy: "notifications" }).nullable(),
    notify_type: model.text().nullable(),
    verdict: model.enum([...NOTIFICATION_VERDICTS]),
    reply_status: model.number(),
    reply_body: model.text(),
    changed: model.text().nullable(),
    fields: model.json(),
    attempts: model.number().default(1),
    /** Identical refused deliveries share one row. */
    digest: model.text().nullable(),
    deliveries: model.number().default(1),
    last_seen_at: model.dateTime().nullable(),
    /** Kept only while the row may be processed again; never shown. */
    signature: model.text().nullable(),
  })
  .indexes([{ on: ["order_no"] }, { on: ["verdict"] }, { on: ["created_at"] }, { on: ["digest"] }])

/**
 * An authorisation an order edit left at the gateway when it canceled its collection: voided once the
 * replacement is paid or the order canceled, or adopted by the open collection. One per canceled payment.
 */
export const KeptAuthorisation = model
  .define(
    { name: "KeptAuthorisation", tableName: "acquiring_kept_authorisation" },
    {
      id: model.id({ prefix: "agkept" }).primaryKey(),
      payment_id: model.text().unique(),
      order_id: model.text().nullable(),
      payment_collection_id: model.text(),
      provider_id: model.text(),
      order_no: model.text(),
      gateway_order: model.belongsTo(() => GatewayOrder, { mappedBy: "kept_authorisations" }).nullable(),
      amount: model.bigNumber(),
      currency_code: model.text(),
      since: model.dateTime(),
      /** When the gateway's capture window closes (authorised + capture_window_days; inferred). */
      capture_by: model.dateTime(),
      released_at: model.dateTime().nullable(),
      outcome: model.enum([...KEPT_OUTCOMES]).nullable(),
      adopted_by_session: model.text().nullable(),
    },
  )
  .indexes([{ on: ["order_id"] }, { on: ["order_no"] }, { on: ["released_at"] }])
