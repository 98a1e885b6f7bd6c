import { compactTimestamp, isoDate } from "./clock"
import { fromMinor } from "./money"
import type { DisputeEntry, Order, RefundEntry } from "./state/order"
import { paymentStatus, queryResult } from "./state/status"
import { REFUND_STATUS } from "../gateway/status-codes"
import { tokenFields } from "./state/tokens"

/** The spec §2.5 order record. */
const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v))

export function orderRecord(order: Order) {
  const request = order.request
  return {
    amount: fromMinor(order.amount_minor),
    currency: order.currency,
    delivery_information: {
      delivery_address: str(request.delivery_address),
      delivery_city: str(request.delivery_city),
      delivery_country: str(request.delivery_country),
      delivery_firstname: str(request.delivery_firstname),
      delivery_lastname: str(request.delivery_lastname),
      delivery_postal_code: str(request.delivery_postal_code),
      delivery_state: str(request.delivery_state),
    },
    antifraud_provider: order.fraud.length ? "sandbox-risk" : "",
    fraud_check_result: order.fraud.map((f) => ({ ...f })),
    is3ds: order.is3ds ? "1" : "0",
    order_no: order.order_no,
    payment_status: paymentStatus(order),
    query_result: queryResult(order),
    reference_no: order.reference_no,
    shopper_email: str(request.shopper_email),
    shopper_phone: str(request.shopper_phone),
    ...subscriptionField(order),
    transaction_date: compactTimestamp(order.created_at),
    transaction_id: order.transaction_id,
    website: str(request.website),
    ...tokenFields(order),
  }
}

function subscriptionField(o: Order) {
  const sub = subscriptionResult(o)
  return sub ? { subscription_result: sub } : {}
}

const DAY = 86_400_000
const INTERVAL_MS: Record<string, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY }

/** recurring_status 1 once the first payment succeeded. */
function subscriptionResult(order: Order) {
  const sub = order.request.subscription as Record<string, unknown> | undefined
  if (!sub || !order.recurring_id) return undefined
  const interval = str(sub.interval) || "month"
  const count = Number(str(sub.interval_count) || "1")
  const paid = ["authorised", "paid", "partially_refunded", "refunded"].includes(order.state)
  const start = order.authorised_at ?? order.created_at
  return {
    contract_name: str(sub.contract_name),
    recurring_deduction_period: `${count} ${interval}`,
    recurring_deduction_time: isoDate(start + count * (INTERVAL_MS[interval] ?? INTERVAL_MS.month)),
    recurring_id: order.recurring_id,
    recurring_status: paid ? "1" : "0",
  }
}

/** Orders are immutable versions, so a version's record JSON is computed once (retrievalTrans of 100 stays cheap). */
const recordJsonCache = new WeakMap<Order, string>()
export function orderRecordJson(order: Order): string {
  let text = recordJsonCache.get(order)
  if (text === undefined) {
    text = JSON.stringify(orderRecord(order))
    recordJsonCache.set(order, text)
  }
  return text
}

/** gateway-interface.md §2.7 refund record. */
export function refundRecord(order: Order, refund: RefundEntry) {
  return {
    transaction_id: order.transaction_id,
    order_no: order.order_no,
    amount: fromMinor(order.amount_minor),
    refund_status: refund.status === "processing" ? REFUND_STATUS.PROCESSING : REFUND_STATUS.REFUNDED,
    payment_status: paymentStatus(order),
    refund_amount: fromMinor(refund.amount_minor),
    refund_reference: "",
    currency: order.currency,
    refund_reason: refund.reason,
    refund_reference_id: refund.refund_reference_id,
    refund_date: compactTimestamp(refund.created_at),
    refund_processing_date: refund.processed_at === undefined ? "" : compactTimestamp(refund.processed_at),
  }
}

/** A dispute as the inspection shows it (the notification carries the same values). */
export function disputeView(dispute: DisputeEntry) {
  return {
    dispute_id: dispute.dispute_id,
    status: dispute.status,
    reason: dispute.reason,
    amount: fromMinor(dispute.amount_minor),
    deadline: dispute.deadline,
    opened_at: new Date(dispute.opened_at).toISOString(),
    closed_at: dispute.closed_at === undefined ? null : new Date(dispute.closed_at).toISOString(),
  }
}

/** Full internal view for /__sandbox/orders (amounts as strings, no card data beyond last4). */
export function inspectOrder(order: Order) {
  return {
    ...orderRecord(order),
    merchant_id: order.merchant_id,
    account_id: order.account_id,
    kind: order.kind,
    capture_mode: order.capture_mode,
    state: order.state,
    order_info: order.order_info,
    captured_amount: fromMinor(order.captured_minor),
    refunded_amount: fromMinor(order.refunded_minor),
    card_last4: order.card_last4 ?? "",
    refunds: order.refunds.map((r) => refundRecord(order, r)),
    disputes: order.disputes.map(disputeView),
    history: order.history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
    /** Which of the account's keys opened it (0: its sign_key, n: its n-th previous key). */
    key_index: order.key_index ?? 0,
  }
}
