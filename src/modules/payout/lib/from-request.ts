import type { PayoutRequest } from "../../../gateway/schemas"
import { summarizeBeneficiary } from "./mask"

export function recordFromRequest(req: PayoutRequest & { request_id: string }, account_id: string | null) {
  return {
    request_id: req.request_id,
    status: "pending" as const,
    account_id,
    payment_amount: req.payment_amount,
    payment_currency: req.payment_currency,
    source_amount: req.source_amount ?? null,
    source_currency: req.source_currency ?? null,
    fee_paid_by: req.fee_paid_by ?? null,
    payment_method: req.payment_method ?? null,
    payment_date: req.payment_date ?? null,
    beneficiary_id: req.beneficiary_id ?? null,
    ...summarizeBeneficiary(req.beneficiary),
    reason: req.reason ?? null,
    reference: req.reference ?? null,
    client_data: req.client_data ?? null,
  }
}
export type PayoutRecordInput = ReturnType<typeof recordFromRequest>

/** Another amount or beneficiary under one request_id is a client bug, never a second payout. */
export function sameIntent(
  existing: { payment_amount: unknown; payment_currency: string; beneficiary_account_last4?: string | null },
  incoming: PayoutRecordInput,
): boolean {
  return (
    decimalEquals(String(existing.payment_amount), incoming.payment_amount) &&
    existing.payment_currency === incoming.payment_currency &&
    (existing.beneficiary_account_last4 ?? null) === (incoming.beneficiary_account_last4 ?? null)
  )
}

/** "12.5" equals "12.50", without floats. */
export function decimalEquals(a: string, b: string): boolean {
  const norm = (s: string) => {
    const [int, frac = ""] = s.trim().split(".")
    return `${int.replace(/^0+(?=\d)/, "")}.${frac.replace(/0+$/, "")}`
  }
  return norm(a) === norm(b)
}
