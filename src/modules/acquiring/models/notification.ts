import { model } from "@medusajs/framework/utils"

export const NOTIFICATION_HOOKS = ["notify", "payout"] as const
export const NOTIFICATION_VERDICTS = ["accepted", "refused", "failed"] as const

/** Card data masked. Nothing here is trusted: a replay verifies afresh. */
export const Notification = model
  .define("acquiring_notification", {
    id: model.id({ prefix: "agntf" }).primaryKey(),
    hook: model.enum([...NOTIFICATION_HOOKS]),
    /** current (our field names) or legacy (the engine's merNo, orderNo, …). */
    dialect: model.text(),
    order_no: model.text().nullable(),
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
