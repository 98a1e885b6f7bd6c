import { model } from "@medusajs/framework/utils"
import { DISPUTE_STATUSES } from "../../../lib/acquiring/disputes"

/** There is no dispute query: `history` is all we know; the status is the latest report by the gateway's date. */
export const Dispute = model
  .define("acquiring_dispute", {
    id: model.id({ prefix: "agdsp" }).primaryKey(),
    /** Else the transaction: one dispute per transaction when the gateway sends no id. */
    dispute_id: model.text(),
    order_no: model.text(),
    payment_id: model.text(),
    status: model.enum([...DISPUTE_STATUSES]),
    gateway_status: model.text(),
    reason: model.text().nullable(),
    amount: model.bigNumber().nullable(),
    deadline: model.text().nullable(),
    opened_at: model.text(),
    closed_at: model.text().nullable(),
    history: model.json(),
  })
  .indexes([{ on: ["payment_id", "dispute_id"], unique: true }, { on: ["order_no"] }, { on: ["created_at"] }])
