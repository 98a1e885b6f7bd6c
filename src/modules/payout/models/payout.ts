import { model } from "@medusajs/framework/utils"
import { PAYOUT_STATUSES } from "../statuses"

// Local payout statuses (../statuses.ts); the gateway's `status` maps onto these (lib/status.ts).
export { PAYOUT_STATUSES, type PayoutStatus } from "../statuses"

/**
 * One payout sent through POST /v1/payout (gateway-interface.md §2.8). Bank details are never stored:
 * only a beneficiary summary with the last 4 characters of the account (docs/payouts.md).
 * Integer gateway amounts (minor units) are stored converted to decimals (lib/amounts.ts).
 */
export const Payout = model
  .define("payout", {
    id: model.id({ prefix: "pout" }).primaryKey(),
    /** Idempotency key at the gateway; a retry reuses it, so a payout is never sent twice. */
    request_id: model.text().unique(),
    status: model.enum([...PAYOUT_STATUSES]).default("pending"),
    /** Gateway's raw status text, kept for statuses the mapping does not know. */
    gateway_status: model.text().nullable(),
    /**
     * Where the current status came from: the gateway's answer to /v1/payout, or a notification
     * (there is no payout query to confirm one with, so the admin says so).
     */
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
    /** Last 4 characters of the IBAN or account number, nothing more. */
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
