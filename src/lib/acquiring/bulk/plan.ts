import type { OrderRecord, RefundRecord } from "../../../gateway/schemas/transactions"
import { PAYMENT_STATUS, REFUND_STATUS } from "../../../gateway/status-codes"
import { normaliseAmount } from "../gateway-state"
import { cents, fromCents } from "../money"
import { parseTracked } from "../refunds"
import { GATEWAY_CAPTURED, GATEWAY_VOIDED } from "../batch"
import type { PaymentView } from "../queries/payments"

export type BulkOperation = "capture" | "cancel" | "refund"

/**
 * Send to the gateway, only record what it already did (a retry, a portal action), skip, or refuse.
 * Pure, so a retry's plan is checkable.
 */
export type BulkStep =
  | { kind: "send"; amount: string }
  | { kind: "record"; amount: string; refund_reference_id?: string }
  | { kind: "done" }
  | { kind: "refuse"; reason: string }

const state = (r: OrderRecord | undefined) => r?.payment_status ?? ""

export function planCapture(payment: PaymentView, record: OrderRecord | undefined): BulkStep {
  if (payment.canceled_at) return { kind: "refuse", reason: "the payment is canceled" }
  if (cents(payment.captured) > 0n) return { kind: "done" }
  if (GATEWAY_CAPTURED.has(state(record))) return { kind: "record", amount: payment.amount }
  if (state(record) === PAYMENT_STATUS.AUTHORISED && record?.transaction_id)
    return { kind: "send", amount: payment.amount }
  return {
    kind: "refuse",
    reason: `the gateway reports status ${state(record) || "none"}; only an authorised payment can be captured`,
  }
}

export function planCancel(payment: PaymentView, record: OrderRecord | undefined): BulkStep {
  if (payment.canceled_at) return { kind: "done" }
  if (cents(payment.captured) > 0n || GATEWAY_CAPTURED.has(state(record)))
    return { kind: "refuse", reason: "the payment is captured; refund it instead" }
  if (GATEWAY_VOIDED.has(state(record))) return { kind: "record", amount: payment.amount }
  const s = state(record)
  if ((s === PAYMENT_STATUS.AUTHORISED || s === PAYMENT_STATUS.REVIEW) && record?.transaction_id)
    return { kind: "send", amount: payment.amount }
  return { kind: "refuse", reason: `the gateway reports status ${s || "none"}; it cannot be canceled` }
}

/**
 * Refund `amount` (default: what is left). A gateway refund carrying this call's marker
 * (refund_reason) that Medusa has not recorded is recorded, never sent again; one Medusa
 * already recorded makes the order done.
 */
export function planRefund(payment: PaymentView, records: RefundRecord[], marker: string, amount?: string): BulkStep {
  if (cents(payment.captured) === 0n) return { kind: "refuse", reason: "nothing is captured" }
  const mine = records.filter((r) => r.refund_reason === marker && r.refund_status !== REFUND_STATUS.FAILED)
  const tracked = parseTracked(payment.data?.refunds)
  const recorded = mine.filter((r) =>
    tracked.some((t) => t.refund_reference_id === r.refund_reference_id && t.medusa_refund_id),
  )
  if (recorded.length) return { kind: "done" }
  if (mine.length) {
    const r = mine[0]
    return {
      kind: "record",
      amount: normaliseAmount(r.refund_amount) ?? r.refund_amount,
      refund_reference_id: r.refund_reference_id,
    }
  }
  const left = cents(payment.captured) - cents(payment.refunded)
  const want = amount ? cents(amount) : left
  if (left <= 0n) return { kind: "refuse", reason: "the payment is fully refunded" }
  if (want <= 0n || want > left)
    return { kind: "refuse", reason: `amount must be above 0 and at most ${fromCents(left)}` }
  return { kind: "send", amount: fromCents(want) }
}
