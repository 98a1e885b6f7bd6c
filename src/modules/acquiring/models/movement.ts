import { model } from "@medusajs/framework/utils"

export const MOVEMENT_KINDS = ["capture", "cancel", "refund", "review"] as const
export const MOVEMENT_OUTCOMES = ["done", "refused", "failed"] as const

/** What we asked the gateway and what it said; the gateway's own records stay the truth. */
export const Movement = model
  .define("acquiring_movement", {
    id: model.id({ prefix: "agmov" }).primaryKey(),
    order_no: model.text(),
    kind: model.enum([...MOVEMENT_KINDS]),
    source: model.text(),
    payment_id: model.text().nullable(),
    amount: model.bigNumber().nullable(),
    currency_code: model.text().nullable(),
    outcome: model.enum([...MOVEMENT_OUTCOMES]),
    /** Codes and identifiers only: no card or personal data. */
    answer: model.json().nullable(),
  })
  .indexes([{ on: ["order_no"] }, { on: ["created_at"] }, { on: ["kind", "created_at"] }])
