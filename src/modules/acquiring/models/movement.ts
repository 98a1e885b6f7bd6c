import { model } from "@medusajs/framework/utils"

export const MOVEMENT_KINDS = ["capture", "cancel", "refund", "review"] as const
export const MOVEMENT_OUTCOMES = ["done", "refused", "failed"] as const

/**
 * One capture, cancel, refund or review the plugin sent to the gateway, with its answer. The
 * gateway's own records stay the truth; these rows say what we asked and what it said.
 */
export const Movement = model
  .define("acquiring_movement", {
    id: model.id({ prefix: "agmov" }).primaryKey(),
    order_no: model.text(),
    kind: model.enum([...MOVEMENT_KINDS]),
    /** Who sent it: medusa (admin routes), bulk, review, fulfillment, reconcile, orphan, order_canceled. */
    source: model.text(),
    payment_id: model.text().nullable(),
    amount: model.bigNumber().nullable(),
    currency_code: model.text().nullable(),
    outcome: model.enum([...MOVEMENT_OUTCOMES]),
    /** The gateway's answer, reduced to its codes and identifiers (no card or personal data). */
    answer: model.json().nullable(),
  })
  .indexes([{ on: ["order_no"] }, { on: ["created_at"] }, { on: ["kind", "created_at"] }])
