import type { OrderRecord, RefundRecord } from "../../../gateway/schemas/transactions"
import { REFUND_STATUS } from "../../../gateway/status-codes"
import { GATEWAY_CAPTURED, GATEWAY_VOIDED } from "../batch"
import { normaliseAmount } from "../gateway-state"
import { cents } from "../money"
import { mergeRefunds, parseTracked, type TrackedRefund } from "../refunds"

export type ReconcileAction =
  | { type: "capture"; amount: string }
  | { type: "cancel" }
  | { type: "refund"; refund_reference_id: string; amount: string }
  | { type: "refund_status"; refund_reference_id: string; from: string | null; to: string }
  | { type: "refund_failed"; refund_reference_id: string; amount: string }
  | { type: "conflict"; detail: string }

export interface MedusaSide {
  amount: string
  captured: string
  refunded: string
  canceled: boolean
  tracked: unknown
}

export interface Diff {
  actions: ReconcileAction[]
  refunds: TrackedRefund[]
}

const amountOf = (a: string) => cents(normaliseAmount(a) ?? "0.00")

/** Pure: running it again on the updated payment yields no action (that is the idempotency). */
export function reconcileDiff(
  medusa: MedusaSide,
  record: OrderRecord | undefined,
  refundRecords: RefundRecord[],
): Diff {
  const known = parseTracked(medusa.tracked)
  const refunds = mergeRefunds(known, refundRecords)
  const actions: ReconcileAction[] = []
  const state = record?.payment_status ?? ""
  const captured = cents(medusa.captured) > 0n

  if (GATEWAY_CAPTURED.has(state) && !captured) {
    if (medusa.canceled)
      actions.push({
        type: "conflict",
        detail: `gateway reports ${state} (captured) but the Medusa payment is canceled`,
      })
    else actions.push({ type: "capture", amount: medusa.amount })
  }
  if (GATEWAY_VOIDED.has(state) && !medusa.canceled) {
    if (captured)
      actions.push({ type: "conflict", detail: `gateway reports ${state} (voided) but Medusa recorded a capture` })
    else actions.push({ type: "cancel" })
  }

  const before = new Map(known.map((r) => [r.refund_reference_id, r]))
  for (const r of refunds) {
    const prev = before.get(r.refund_reference_id)
    if (prev && prev.refund_status !== r.refund_status) {
      actions.push({
        type: "refund_status",
        refund_reference_id: r.refund_reference_id,
        from: prev.refund_status,
        to: r.refund_status,
      })
    } else if (!prev && r.refund_status !== REFUND_STATUS.REFUNDED) {
      actions.push({
        type: "refund_status",
        refund_reference_id: r.refund_reference_id,
        from: null,
        to: r.refund_status,
      })
    }
    const medusaKnows = !!r.medusa_refund_id
    if (r.refund_status === REFUND_STATUS.REFUNDED && !medusaKnows) {
      actions.push({ type: "refund", refund_reference_id: r.refund_reference_id, amount: r.refund_amount })
    }
    if (r.refund_status === REFUND_STATUS.FAILED && medusaKnows && prev?.refund_status !== REFUND_STATUS.FAILED) {
      actions.push({ type: "refund_failed", refund_reference_id: r.refund_reference_id, amount: r.refund_amount })
    }
  }
  return { actions: order(actions, medusa), refunds }
}

/** Capture before refunds (Medusa refuses a refund above the captured amount); refunds within what is captured. */
function order(actions: ReconcileAction[], medusa: MedusaSide): ReconcileAction[] {
  const rank = { capture: 0, cancel: 1, refund_status: 2, refund: 3, refund_failed: 4, conflict: 5 } as const
  const sorted = [...actions].sort((a, b) => rank[a.type] - rank[b.type])
  const capturedAfter = sorted.some((a) => a.type === "capture") ? cents(medusa.amount) : cents(medusa.captured)
  let left = capturedAfter - cents(medusa.refunded)
  return sorted.map((a) => {
    if (a.type !== "refund") return a
    const amt = amountOf(a.amount)
    if (amt > left)
      return {
        type: "conflict",
        detail: `gateway refund ${a.refund_reference_id} (${a.amount}) exceeds what Medusa can still refund`,
      }
    left -= amt
    return { ...a, amount: normaliseAmount(a.amount) ?? a.amount }
  })
}
