import type { PayoutResponse } from "../../../gateway/schemas"
import { PayoutResponse as PayoutResponseSchema } from "../../../gateway/schemas"
import type { PayoutStatus } from "../models/payout"
import { readPayoutAmount, toFixedDecimal, type MinorUnitDigits, type PayoutAmountUnit } from "./amounts"
import { canTransition, mapGatewayStatus } from "./status"
import { decimalEquals } from "./from-request"

export interface PayoutUpdate {
  status: PayoutStatus
  status_source?: "response" | "notification"
  gateway_status?: string
  transaction_id?: string
  short_reference_id?: string
  payer_id?: string
  source_amount?: string
  source_currency?: string
  fee_amount?: string
  fee_currency?: string
  amount_beneficiary_receives?: string
  amount_payer_pays?: string
  failure_type?: string | null
  failure_reason?: string | null
  created_at_gateway?: Date
  last_updated_at_gateway?: Date
}

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined)

/** "2024-01-02T03:04:05+0000" (offset without colon, the spec §2.8) → Date; unparsable → undefined. */
export function parseGatewayTimestamp(v: unknown): Date | undefined {
  const s = text(v)
  if (!s) return undefined
  const d = new Date(s.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"))
  return Number.isNaN(d.getTime()) ? undefined : d
}

export interface AmountContext {
  payment_currency: string
  /** payouts.amount_unit (default minor). */
  unit?: PayoutAmountUnit
  digits?: MinorUnitDigits
}

/** An amount the configured unit cannot be throws: the caller keeps the payout open and shows the message. */
export function updateFromResponse(res: PayoutResponse, ctx: AmountContext): PayoutUpdate {
  const status = mapGatewayStatus(res.status)
  const sourceCurrency = text(res.source_currency)
  const feeCurrency = text(res.fee_currency) ?? sourceCurrency ?? ctx.payment_currency
  const unit = ctx.unit ?? "minor"
  const amount = (field: string, v: number | string | undefined, currency: string) =>
    v === undefined ? undefined : readPayoutAmount(v, currency, { unit, digits: ctx.digits, field })
  const source = text(res.source_amount)
  const u: PayoutUpdate = {
    status,
    status_source: "response",
    gateway_status: text(res.status),
    transaction_id: text(res.transaction_id),
    short_reference_id: text(res.short_reference_id),
    payer_id: text(res.payer_id),
    source_amount: source && /^-?\d+(\.\d+)?$/.test(source) ? toFixedDecimal(source) : undefined,
    source_currency: sourceCurrency,
    fee_amount: amount("fee_amount", res.fee_amount, feeCurrency),
    fee_currency: res.fee_amount === undefined ? text(res.fee_currency) : feeCurrency,
    amount_beneficiary_receives: amount(
      "amount_beneficiary_receives",
      res.amount_beneficiary_receives,
      ctx.payment_currency,
    ),
    amount_payer_pays: amount("amount_payer_pays", res.amount_payer_pays, sourceCurrency ?? ctx.payment_currency),
    created_at_gateway: parseGatewayTimestamp(res.created_at),
    last_updated_at_gateway: parseGatewayTimestamp(res.last_updated_at),
  }
  if (status === "failed") {
    u.failure_type = text(res.failure_type) ?? "FAILED"
    u.failure_reason = text(res.failure_reason) ?? "the gateway reported the payout as failed without a reason"
  } else {
    // Clears an earlier "outcome unknown".
    u.failure_type = null
    u.failure_reason = null
  }
  return dropUndefined(u)
}

/** The shape is undocumented (the spec §6.3): whatever payout fields it carries are read with the response schema. */
export function updateFromNotification(body: Record<string, unknown>, ctx: AmountContext): PayoutUpdate {
  const cleaned = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== "" && v !== null))
  // The engine's push carries the failure as order_info "<code>:<text>".
  const info = /^([A-Za-z0-9_]+):(.+)$/s.exec(text(body.order_info) ?? "")
  if (info && mapGatewayStatus(text(body.status)) === "failed") {
    cleaned.failure_type ??= info[1]
    cleaned.failure_reason ??= info[2].trim()
  }
  const status = notifiedStatus(body)
  const parsed = PayoutResponseSchema.safeParse(cleaned)
  if (parsed.success) {
    try {
      return { ...updateFromResponse(parsed.data, ctx), status, status_source: "notification" }
    } catch {
      // Amounts the configured unit cannot read: the status still counts.
    }
  }
  return dropUndefined({ status, status_source: "notification" as const, gateway_status: text(body.status) })
}

export interface PayoutState {
  status: PayoutStatus
  [field: string]: unknown
}

/** An update with the current status only fills empty fields, so late duplicates never overwrite. */
export function mergeUpdate(current: PayoutState, update: PayoutUpdate): Partial<PayoutUpdate> | null {
  let patch: Partial<PayoutUpdate>
  if (update.status !== current.status && canTransition(current.status, update.status)) {
    patch = { ...update }
  } else if (update.status === current.status) {
    patch = {}
    for (const [k, v] of Object.entries(update) as Array<[keyof PayoutUpdate, unknown]>) {
      if (k === "status" || v === null || v === undefined) continue
      if (current[k] === null || current[k] === undefined) (patch as Record<string, unknown>)[k] = v
    }
    if (!isFinal(current.status) && update.last_updated_at_gateway) {
      patch.last_updated_at_gateway = update.last_updated_at_gateway
    }
  } else {
    return null
  }
  return Object.keys(patch).length ? patch : null
}

const isFinal = (s: PayoutStatus) => s === "completed" || s === "failed"

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}

/** Signed order_status → the payout statuses it can go with (the spec §3: 1 success, 0 failed, -1 pending). */
const ORDER_STATUS_FITS: Record<string, PayoutStatus[]> = {
  "1": ["completed"],
  "0": ["failed"],
  "-1": ["pending", "processing"],
}

/** The unsigned `status` only refines the signed order_status, never decides alone. */
function notifiedStatus(body: Record<string, unknown>): PayoutStatus {
  const fits = ORDER_STATUS_FITS[text(body.order_status) ?? ""] ?? []
  const stated = text(body.status) ? mapGatewayStatus(text(body.status)) : undefined
  return stated && fits.includes(stated) ? stated : (fits[0] ?? "processing")
}

/** Why the signed fields contradict the payout or the unsigned status, or null. */
export function checkNotificationMatches(
  payout: {
    transaction_id?: string | null
    payment_currency: string
    payment_amount?: unknown
    raw_payment_amount?: unknown
  },
  note: { transaction_id?: string; currency?: string; amount?: string; order_status?: string; status?: string },
  compareRecord = true,
): string | null {
  const fits = ORDER_STATUS_FITS[text(note.order_status) ?? ""]
  if (!fits) return "order_status is not one a payout can have (1, 0 or -1)"
  if (text(note.status) && !fits.includes(mapGatewayStatus(note.status))) {
    return "status is not backed by the signed order_status"
  }
  if (!compareRecord) return null
  const tx = text(note.transaction_id)
  if (tx && payout.transaction_id && tx !== payout.transaction_id) {
    return "transaction_id does not match the payout's transaction_id"
  }
  const currency = text(note.currency)
  if (currency && currency.toUpperCase() !== payout.payment_currency.toUpperCase()) {
    return "currency does not match the payout's payment_currency"
  }
  const amount = text(note.amount)
  const stored = (payout.raw_payment_amount as { value?: unknown } | undefined)?.value ?? payout.payment_amount
  if (amount && stored !== undefined && stored !== null && !decimalEquals(amount, String(stored))) {
    return "amount does not match the payout's payment_amount"
  }
  return null
}
