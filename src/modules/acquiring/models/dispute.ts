import { model } from "@medusajs/framework/utils"
import { DISPUTE_STATUSES } from "../../../lib/acquiring/disputes"

/**
 * One dispute (chargeback) of a payment as the gateway's notifications reported it. There is no
 * dispute query, so `history` (every report, with the gateway's own date) is all we know; the
 * status is the latest report by that date (lib/acquiring/disputes.ts folds it).
 */
export const Dispute = model
  .define("acquiring_dispute", {
    id: model.id({ prefix: "agdsp" }).primaryKey(),
    /** The gateway's dispute id (or the transaction, one dispute per transaction, when it sends none). */
    dispute_id: model.text(),
    order_no: model.text(),
    payment_id: model.text(),
    status: model.enum([...DISPUTE_STATUSES]),
    gateway_status: model.text(),
    reason: model.text().nullable(),
    amount: model.bigNumber().nullable(),
    /** Last day to answer, as readable as the gateway's value allowed (else its text). */
    deadline: model.text().nullable(),
    opened_at: model.text(),
    closed_at: model.text().nullable(),
    history: model.json(),
  })
  .indexes([{ on: ["payment_id", "dispute_id"], unique: true }, { on: ["order_no"] }, { on: ["created_at"] }])
