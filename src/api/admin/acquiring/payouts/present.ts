import type { PayoutDTO } from "../../../../modules/payout/service"
import { toFixedDecimal } from "../../../../modules/payout/lib/amounts"
import { maskAccount } from "../../../../modules/payout/lib/mask"

const AMOUNTS = [
  "payment_amount",
  "source_amount",
  "fee_amount",
  "amount_beneficiary_receives",
  "amount_payer_pays",
] as const

/** From the raw value: the numeric one may round. */
function amountText(p: PayoutDTO, field: (typeof AMOUNTS)[number]): string | null {
  const raw = (p as Record<string, unknown>)[`raw_${field}`] as { value?: unknown } | null | undefined
  const value = raw?.value ?? p[field]
  if (value === null || value === undefined) return null
  const text = String(value)
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text
  return toFixedDecimal(text, 2) // the gateway's own notation: two decimals (gateway-interface.md §1.4)
}

/**
 * The admin view of a payout: amounts as exact decimal strings, the beneficiary as a
 * summary with a masked account. The record holds no bank details to leak in the first place.
 */
export function presentPayout(p: PayoutDTO) {
  const amounts = Object.fromEntries(AMOUNTS.map((field) => [field, amountText(p, field)])) as Record<
    (typeof AMOUNTS)[number],
    string | null
  >
  return {
    id: p.id,
    request_id: p.request_id,
    status: p.status,
    gateway_status: p.gateway_status,
    /** "notification": the status was reported by a notification, which no payout query can confirm. */
    status_source: p.status_source ?? null,
    account_id: p.account_id,
    ...amounts,
    payment_currency: p.payment_currency,
    source_currency: p.source_currency,
    fee_currency: p.fee_currency,
    fee_paid_by: p.fee_paid_by,
    payment_method: p.payment_method,
    payment_date: p.payment_date,
    beneficiary: {
      id: p.beneficiary_id,
      name: p.beneficiary_name,
      entity_type: p.beneficiary_entity_type,
      country: p.beneficiary_country,
      bank_name: p.beneficiary_bank_name,
      account: maskAccount(p.beneficiary_account_last4),
    },
    transaction_id: p.transaction_id,
    short_reference_id: p.short_reference_id,
    payer_id: p.payer_id,
    failure_type: p.failure_type,
    failure_reason: p.failure_reason,
    reason: p.reason,
    reference: p.reference,
    client_data: p.client_data,
    submitted_at: p.submitted_at,
    created_at_gateway: p.created_at_gateway,
    last_updated_at_gateway: p.last_updated_at_gateway,
    created_at: p.created_at,
    updated_at: p.updated_at,
  }
}
export type AdminPayout = ReturnType<typeof presentPayout>
