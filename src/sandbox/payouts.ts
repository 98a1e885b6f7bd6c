import { basisPoints, toMinor } from "./money"
import { PAYOUT_STATUS } from "../gateway/status-codes"

/** `response` is what /v1/payout answers, kept current. */
export interface PayoutEntry {
  key: string
  fingerprint: string
  merchant_id: string
  account_id: string
  request_id: string
  transaction_id: string
  notify_url?: string
  response: Record<string, unknown>
}

/** request_id is the idempotency key of /v1/payout. */
export class PayoutBook {
  private readonly byKey = new Map<string, PayoutEntry>()
  key(merchant_id: string, request_id: string) {
    return `${merchant_id}\u0000${request_id.toLowerCase()}`
  }
  get(merchant_id: string, request_id: string) {
    return this.byKey.get(this.key(merchant_id, request_id))
  }
  put(e: PayoutEntry) {
    this.byKey.set(e.key, e)
  }
  all(): PayoutEntry[] {
    return [...this.byKey.values()]
  }
}

/** Canonical JSON (sorted keys) of the request: same body ⇔ same fingerprint. */
export function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(",")}]`
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${fingerprint((value as Record<string, unknown>)[k])}`)
      .join(",")}}`
  }
  return JSON.stringify(value)
}

export interface PayoutAmounts {
  fee_amount: number
  amount_payer_pays: number
  amount_beneficiary_receives: number
}

/** PAYER pays the fee on top; otherwise the beneficiary receives amount − fee. */
export function payoutAmounts(
  payment_amount: string,
  fee_paid_by: string | undefined,
  fee: { fixed: number; bp: number },
): PayoutAmounts {
  const amount = toMinor(payment_amount)
  const fee_amount = fee.fixed + basisPoints(amount, fee.bp)
  return (fee_paid_by ?? "").toUpperCase() === "PAYER"
    ? { fee_amount, amount_payer_pays: amount + fee_amount, amount_beneficiary_receives: amount }
    : { fee_amount, amount_payer_pays: amount, amount_beneficiary_receives: amount - fee_amount }
}

export function payoutFailure(
  req: { beneficiary?: { last_name?: string; bank_details?: { iban?: string } } },
  rules: { fail_last_name: string; fail_ibans: string[] },
): { failure_type: string; failure_reason: string } | null {
  const last = req.beneficiary?.last_name ?? ""
  if (rules.fail_last_name && last.toUpperCase() === rules.fail_last_name.toUpperCase()) {
    return { failure_type: "BENEFICIARY_REJECTED", failure_reason: "The beneficiary bank rejected the payment" }
  }
  const norm = (s: string) => s.replace(/\s+/g, "").toUpperCase()
  const iban = norm(req.beneficiary?.bank_details?.iban ?? "")
  if (iban && rules.fail_ibans.some((x) => norm(x) === iban)) {
    return { failure_type: "INVALID_ACCOUNT", failure_reason: "The beneficiary IBAN does not exist" }
  }
  return null
}

/**
 * The spec types them "integer" without a unit (§2.8). major: amount and fee each rounded half up and
 * the other two derived, so payer_pays = receives + fee still holds.
 */
export function inPayoutUnit(
  a: PayoutAmounts,
  fee_paid_by: string | undefined,
  unit: "major" | "minor",
): PayoutAmounts {
  if (unit === "minor") return { ...a }
  const whole = (minor: number) => Math.floor((minor + 50) / 100)
  const payer = (fee_paid_by ?? "").toUpperCase() === "PAYER"
  const amount = whole(payer ? a.amount_beneficiary_receives : a.amount_payer_pays)
  const fee_amount = whole(a.fee_amount)
  return payer
    ? { fee_amount, amount_payer_pays: amount + fee_amount, amount_beneficiary_receives: amount }
    : { fee_amount, amount_payer_pays: amount, amount_beneficiary_receives: amount - fee_amount }
}

export const finalStatus = (failed: boolean) => (failed ? PAYOUT_STATUS.FAILED : PAYOUT_STATUS.COMPLETED)
