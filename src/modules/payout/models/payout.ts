import { model } from "@medusajs/framework/utils"
import { PAYOUT_STATUSES } from "../statuses"

export { PAYOUT_STATUSES, type PayoutStatus } from "../statuses"

/** One payout sent through POST /v1/payout (the spec §2.8). Bank details are never stored, only a summary. */
export const Payout = model
  .define("payout", {
    id: model.id({ prefix: "pout" }).primaryKey(),
    /** Idempotency key at the gateway; a retry reuses it, so a payout is never sent twice. */
    request_id: model.text().unique(),
    status: model.enum([...PAYOUT_STATUSES]).default("pending"),
    gateway_status: model.text().nullable(),
    /** A notification's status cannot be confirmed (no payout query), so the admin says so. */
    status_source: model.enum(["response", "notification"]).nullable(),
    account_id: model.text().nullable(),

    payment_amount: model.bigNumber(),
    payment_currency: model.text(),
    source_amount: model.bigNumber().nullable(),
    source_currency: model.text().nullable(),
    fee_amount: model.bigNumber().nullable(),
    fee_currency: model.text().nullable(),
    amount_beneficiary_receives: model.bigNumber().nullable(),
    amount_payer_pays: model.bigNumber().nullable(),
    fee_paid_by: model.text().nullable(),
    payment_method: model.text().nullable(),
    payment_date: model.text().nullable(),

    beneficiary_id: model.text().nullable(),
    beneficiary_name: model.text().nullable(),
    beneficiary_entity_type: model.text().nullable(),
    beneficiary_country: model.text().nullable(),
    beneficiary_account_last4: model.text().nullable(),
    beneficiary_bank_name: model.text().nullable(),

    transaction_id: model.text().nullable(),
    short_reference_id: model.text().nullable(),
    payer_id: model.text().nullable(),

    failure_type: model.text().nullable(),
    failure_reason: model.text().nullable(),

    reason: model.text().nullable(),
    reference: model.text().nullable(),
    client_data: model.text().nullable(),

    /** Set just before the request goes out: from then on the gateway may have acted. */
    submitted_at: model.dateTime().nullable(),
    created_at_gateway: model.dateTime().nullable(),
    last_updated_at_gateway: model.dateTime().nullable(),
  })
  .indexes([{ on: ["status"] }, { on: ["payment_currency"] }, { on: ["transaction_id"] }, { on: ["created_at"] }])
