import { compactTimestamp, isoDate } from "./clock"
import { fromMinor } from "./money"
import type { DisputeEntry, Order, RefundEntry } from "./state/order"
import { paymentStatus, queryResult } from "./state/status"
import { REFUND_STATUS } from "../gateway/status-codes"

/** gateway-interface.md §2.5 order record. */
const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v))

export function orderRecord(o: Order) {
  const r = o.request
  return {
    amount: fromMinor(o.amount_minor),
    currency: o.currency,
    delivery_information: {
      delivery_address: str(r.delivery_address),
      delivery_city: str(r.delivery_city),
      delivery_country: str(r.delivery_country),
      delivery_firstname: str(r.delivery_firstname),
      delivery_lastname: str(r.delivery_lastname),
      delivery_postal_code: str(r.delivery_postal_code),
      delivery_state: str(r.delivery_state),
    },
    antifraud_provider: o.fraud.length ? "sandbox-risk" : "",
    fraud_check_result: o.fraud.map((f) => ({ ...f })),
    is3ds: o.is3ds ? "1" : "0",
    order_no: o.order_no,
    payment_status: paymentStatus(o),
    query_result: queryResult(o),
    reference_no: o.reference_no,
    shopper_email: str(r.shopper_email),
    shopper_phone: str(r.shopper_phone),
    ...subscriptionField(o),
    transaction_date: compactTimestamp(o.created_at),
    transaction_id: o.transaction_id,
    website: str(r.website),
  }
}

function subscriptionField(o: Order) {
  const sub = subscriptionResult(o)
  return sub ? { subscription_result: sub } : {}
}

const DAY = 86_400_000
const INTERVAL_MS: Record<string, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY }

/** Filled when the checkout carried a subscription; recurring_status 1 once the first payment succeeded. */
function subscriptionResult(o: Order) {
  const sub = o.request.subscription as Record<string, unknown> | undefined
  if (!sub || !o.recurring_id) return undefined
  const interval = str(sub.interval) || "month"
  const count = Number(str(sub.interval_count) || "1")
  const paid = ["authorised", "paid", "partially_refunded", "refunded"].includes(o.state)
  const start = o.authorised_at ?? o.created_at
  return {
    contract_name: str(sub.contract_name),
    recurring_deduction_period: `${count} ${interval}`,
    recurring_deduction_time: isoDate(start + count * (INTERVAL_MS[interval] ?? INTERVAL_MS.month)),
    recurring_id: o.recurring_id,
    recurring_status: paid ? "1" : "0",
  }
}

/** Orders are immutable versions, so a version's record JSON is computed once (retrievalTrans of 100 stays cheap). */
const recordJsonCache = new WeakMap<Order, string>()
export function orderRecordJson(o: Order): string {
  let text = recordJsonCache.get(o)
  if (text === undefined) {
    text = JSON.stringify(orderRecord(o))
    recordJsonCache.set(o, text)
  }
  return text
}

/** gateway-interface.md §2.7 refund record. */
export function refundRecord(o: Order, r: RefundEntry) {
  return {
    transaction_id: o.transaction_id,
    order_no: o.order_no,
    amount: fromMinor(o.amount_minor),
    refund_status: r.status === "processing" ? REFUND_STATUS.PROCESSING : REFUND_STATUS.REFUNDED,
    payment_status: paymentStatus(o),
    refund_amount: fromMinor(r.amount_minor),
    refund_reference: "",
    currency: o.currency,
    refund_reason: r.reason,
    refund_reference_id: r.refund_reference_id,
    refund_date: compactTimestamp(r.created_at),
    refund_processing_date: r.processed_at === undefined ? "" : compactTimestamp(r.processed_at),
  }
}

/** A dispute as the inspection shows it (the notification carries the same values). */
export function disputeView(d: DisputeEntry) {
  return {
    dispute_id: d.dispute_id,
    status: d.status,
    reason: d.reason,
    amount: fromMinor(d.amount_minor),
    deadline: d.deadline,
    opened_at: new Date(d.opened_at).toISOString(),
    closed_at: d.closed_at === undefined ? null : new Date(d.closed_at).toISOString(),
  }
}

/** Full internal view for /__sandbox/orders (amounts as strings, no card data beyond last4). */
export function inspectOrder(o: Order) {
  return {
    ...orderRecord(o),
    merchant_id: o.merchant_id,
    account_id: o.account_id,
    kind: o.kind,
    capture_mode: o.capture_mode,
    state: o.state,
    order_info: o.order_info,
    captured_amount: fromMinor(o.captured_minor),
    refunded_amount: fromMinor(o.refunded_minor),
    card_last4: o.card_last4 ?? "",
    refunds: o.refunds.map((r) => refundRecord(o, r)),
    disputes: o.disputes.map(disputeView),
    history: o.history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
  }
}
