import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { PAYMENT_STATUS, REVIEW_FLAG } from "../../../gateway/status-codes"
import { GATEWAY_CAPTURED, GATEWAY_VOIDED } from "../batch"

export type Decision = "accept" | "reject"

export interface HeldPayment {
  order_id: string
  payment_session_id: string
  provider_id: string
  order_no: string
  transaction_id: string
  amount: string
  currency: string
  is3ds: boolean
  antifraud_provider: string
  fraud_check_result: Array<{ check_items: string; status: string }>
  transaction_date: string
}

export function heldPayment(
  s: { order_id: string; payment_session_id: string; provider_id: string },
  record: OrderRecord,
): HeldPayment {
  return {
    ...s,
    order_no: record.order_no,
    transaction_id: record.transaction_id ?? "",
    amount: record.amount,
    currency: String(record.currency).toUpperCase(),
    is3ds: record.is3ds === "1",
    antifraud_provider: record.antifraud_provider ?? "",
    fraud_check_result: (record.fraud_check_result ?? []).map((f) => ({
      check_items: String(f.check_items),
      status: String(f.status),
    })),
    transaction_date: record.transaction_date ?? "",
  }
}

export const isHeld = (record: OrderRecord | undefined) => record?.payment_status === PAYMENT_STATUS.REVIEW

export const reviewFlag = (d: Decision) => (d === "accept" ? REVIEW_FLAG.ACCEPT : REVIEW_FLAG.REJECT)

/** Send it (still held), only apply it in Medusa (the gateway already decided: a retry), or refuse. */
export type ReviewStep = { kind: "send" } | { kind: "apply"; outcome: Decision } | { kind: "refuse"; reason: string }

export function reviewStep(record: OrderRecord | undefined, decision: Decision): ReviewStep {
  if (!record) return { kind: "refuse", reason: "the gateway has no such order" }
  const state = record.payment_status ?? ""
  if (isHeld(record)) return { kind: "send" }
  const outcome: Decision | null =
    state === PAYMENT_STATUS.AUTHORISED || GATEWAY_CAPTURED.has(state)
      ? "accept"
      : GATEWAY_VOIDED.has(state)
        ? "reject"
        : null
  if (!outcome)
    return { kind: "refuse", reason: `the payment is not held for review (gateway status ${state || "none"})` }
  if (outcome !== decision)
    return {
      kind: "refuse",
      reason: `the gateway already ${outcome === "accept" ? "accepted" : "rejected"} this payment`,
    }
  return { kind: "apply", outcome }
}
