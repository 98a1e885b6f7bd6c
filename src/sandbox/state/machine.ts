import { ENTRY_CODES, ORDER_INFO } from "../codes"
import type { Actor, DisputeEntry, FraudCheck, Order, OrderState, RefundEntry } from "./order"

/** Pure functions from (order, input, now) to a new order or a refusal; a refusal changes nothing. */
export type Move = { ok: true; order: Order } | { ok: false; code: string; message: string }

const refuse = (code: string, message: string): Move => ({ ok: false, code, message })

function moveTo(order: Order, to: OrderState, by: Actor, now: number, info: string, patch: Partial<Order> = {}): Order {
  return {
    ...order,
    ...patch,
    state: to,
    order_info: info,
    history: [...order.history, { at: now, from: order.state, to, by, info }],
  }
}

export type ShopperOutcome =
  | "approved"
  | "declined"
  | "insufficient_funds"
  | "expired_card"
  | "three_ds_failed"
  | "review"
  | "cancelled"
  | "apm_rejected"

const FRAUD_OK: FraudCheck[] = [
  { check_items: "Card and IP country match", status: "ACCEPT" },
  { check_items: "Velocity check", status: "ACCEPT" },
]
const FRAUD_HOLD: FraudCheck[] = [
  { check_items: "Card and IP country match", status: "ACCEPT" },
  { check_items: "Velocity check", status: "REJECT" },
]

/** Approval lands on authorised (card, authorise account) or paid (sale account, APM). */
function approve(o: Order, by: Actor, now: number, info: string): Order {
  if (o.kind === "card" && o.capture_mode === "authorise") {
    return moveTo(o, "authorised", by, now, o.state === "review" ? info : ORDER_INFO.authorised, { authorised_at: now })
  }
  return moveTo(o, "paid", by, now, info, { authorised_at: now, captured_minor: o.amount_minor })
}

export function shopperResult(
  order: Order,
  outcome: ShopperOutcome,
  now: number,
  card: { last4?: string; is3ds?: boolean } = {},
): Move {
  if (order.state !== "waiting")
    return refuse(ENTRY_CODES.NOT_FOUND, `order is no longer waiting for the shopper (${order.state})`)
  const base: Order = {
    ...order,
    card_last4: card.last4 ?? order.card_last4,
    is3ds: card.is3ds ?? order.is3ds,
    fraud: FRAUD_OK,
  }
  switch (outcome) {
    case "approved":
      return { ok: true, order: approve(base, "shopper", now, ORDER_INFO.approved) }
    case "review":
      return {
        ok: true,
        order: moveTo({ ...base, fraud: FRAUD_HOLD }, "review", "shopper", now, ORDER_INFO.review_hold),
      }
    case "cancelled":
      return { ok: true, order: moveTo(base, "cancelled", "shopper", now, ORDER_INFO.shopper_cancelled) }
    default:
      return { ok: true, order: moveTo(base, "declined", "shopper", now, ORDER_INFO[outcome]) }
  }
}

/** review_flag "1" accepts (continues as an approval), "0" rejects. */
export function review(o: Order, accept: boolean, by: Actor, now: number): Move {
  if (o.state !== "review") return refuse(ENTRY_CODES.NOT_IN_REVIEW, `order is not held for review (${o.state})`)
  if (!accept) return { ok: true, order: moveTo(o, "declined", by, now, ORDER_INFO.review_rejected) }
  const fraud = o.fraud.map((f) => ({ ...f, status: "ACCEPT" as const }))
  return { ok: true, order: approve({ ...o, fraud }, by, now, ORDER_INFO.review_accepted) }
}

export interface CaptureInput {
  currency: string
  amount_minor: number
  /** readings.partial_capture "refused": only the full authorised amount is captured (default allowed). */
  full_only?: boolean
}

/** Capture up to the authorised amount within the capture window; the rest is released. */
export function capture(order: Order, input: CaptureInput, by: Actor, now: number, windowMs: number): Move {
  if (order.state !== "authorised")
    return refuse(ENTRY_CODES.NOT_PRE_AUTHORISED, `not a pre-authorised order awaiting capture (${order.state})`)
  if (input.currency !== order.currency)
    return refuse(ENTRY_CODES.CURRENCY_MISMATCH, `currency must be ${order.currency}`)
  if (input.amount_minor <= 0) return refuse(ENTRY_CODES.CAPTURE_OVER, "capture amount must be above 0")
  if (input.amount_minor > order.amount_minor)
    return refuse(ENTRY_CODES.CAPTURE_OVER, "capture amount is above the authorised amount")
  if (now - (order.authorised_at ?? order.created_at) > windowMs)
    return refuse(ENTRY_CODES.CAPTURE_TIME_LIMIT, "capture time limit passed")
  if (input.full_only && input.amount_minor < order.amount_minor)
    return refuse(
      ENTRY_CODES.PARTIAL_CAPTURE_REFUSED,
      "partial capture is not allowed: capture the full authorised amount, or cancel and take a new payment",
    )
  return {
    ok: true,
    order: moveTo(order, "paid", by, now, ORDER_INFO.captured, { captured_minor: input.amount_minor }),
  }
}

/** Void before capture; after capture only a refund gives money back. */
export function cancel(o: Order, by: Actor, now: number): Move {
  if (o.state === "paid" || o.state === "partially_refunded" || o.state === "refunded") {
    return refuse(ENTRY_CODES.ALREADY_CAPTURED, "order is already captured; refund it instead")
  }
  if (o.state === "cancelled" || o.state === "declined")
    return refuse(ENTRY_CODES.NOT_PRE_AUTHORISED, `order is ${o.state}`)
  return { ok: true, order: moveTo(o, "cancelled", by, now, ORDER_INFO.cancelled) }
}

export interface RefundInput {
  currency: string
  refund_minor: number
  reason: string
  /** refund_status 2 first (completed later by completeRefund). */
  processing: boolean
}

/** A refund of part or all of what is left; returns the new refund entry as the last of `refunds`. */
export function refund(order: Order, input: RefundInput, by: Actor, now: number): Move {
  if (order.state !== "paid" && order.state !== "partially_refunded") {
    return refuse(
      ENTRY_CODES.NOT_REFUNDABLE,
      order.state === "refunded" ? "order is already fully refunded" : `order is not paid (${order.state})`,
    )
  }
  if (input.currency !== order.currency)
    return refuse(ENTRY_CODES.CURRENCY_MISMATCH, `currency must be ${order.currency}`)
  const left = order.captured_minor - order.refunded_minor
  if (input.refund_minor <= 0) return refuse(ENTRY_CODES.REFUND_OVER, "refund amount must be above 0")
  if (input.refund_minor > left)
    return refuse(ENTRY_CODES.REFUND_OVER, "refund amount is above the amount left to refund")
  const seq = order.refunds.length + 1
  const entry: RefundEntry = {
    seq,
    refund_reference_id: `${order.transaction_id}-${String(seq).padStart(2, "0")}`,
    amount_minor: input.refund_minor,
    reason: input.reason,
    status: input.processing ? "processing" : "refunded",
    created_at: now,
    processed_at: input.processing ? undefined : now,
    by,
  }
  const refunded_minor = order.refunded_minor + input.refund_minor
  const to: OrderState = refunded_minor === order.captured_minor ? "refunded" : "partially_refunded"
  const info = `${ENTRY_CODES.REFUND_OK}:Refund ${entry.refund_reference_id}`
  return { ok: true, order: moveTo(order, to, by, now, info, { refunded_minor, refunds: [...order.refunds, entry] }) }
}

/** A processing refund (status 2) completes (status 1). */
export function completeRefund(o: Order, seq: number, now: number): Move {
  const r = o.refunds.find((x) => x.seq === seq)
  if (!r || r.status !== "processing")
    return refuse(ENTRY_CODES.NOT_REFUNDABLE, "no processing refund with this sequence")
  const refunds = o.refunds.map((x) => (x.seq === seq ? { ...x, status: "refunded" as const, processed_at: now } : x))
  return { ok: true, order: { ...o, refunds } }
}

export interface OpenDisputeInput {
  dispute_id: string
  reason: string
  amount_minor: number
  deadline: string
}

const CAPTURED_STATES: OrderState[] = ["paid", "partially_refunded", "refunded"]
const DEADLINE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/
const REASON = /^[^\x00-\x1f\x7f]{1,200}$/

/**
 * The cardholder's bank disputes a captured payment: one open dispute per order at a time.
 * The order's state and money stay as they are (the sandbox models no chargeback debit).
 */
export function openDispute(order: Order, input: OpenDisputeInput, by: Actor, now: number): Move {
  if (!CAPTURED_STATES.includes(order.state))
    return refuse(ENTRY_CODES.NOT_DISPUTABLE, `only a captured order can be disputed (${order.state})`)
  if (order.disputes.some((d) => d.status === "opened"))
    return refuse(ENTRY_CODES.DISPUTE_OPEN, "the order already has an open dispute")
  const reason = input.reason.trim()
  if (!REASON.test(reason)) return refuse(ENTRY_CODES.DISPUTE_INPUT, "reason must be 1 to 200 printable characters")
  if (input.amount_minor <= 0 || input.amount_minor > order.captured_minor) {
    return refuse(ENTRY_CODES.DISPUTE_INPUT, "the disputed amount must be above 0 and at most the captured amount")
  }
  if (!DEADLINE.test(input.deadline) || Number.isNaN(Date.parse(input.deadline))) {
    return refuse(ENTRY_CODES.DISPUTE_INPUT, "deadline must be a date YYYY-MM-DD or an ISO 8601 time")
  }
  const entry: DisputeEntry = {
    dispute_id: input.dispute_id,
    status: "opened",
    reason,
    amount_minor: input.amount_minor,
    deadline: input.deadline,
    opened_at: now,
    by,
  }
  return { ok: true, order: { ...order, disputes: [...order.disputes, entry] } }
}

/** The open dispute (or the one named) ends won or lost. */
export function closeDispute(o: Order, outcome: "won" | "lost", by: Actor, now: number, dispute_id?: string): Move {
  const d = o.disputes.find((x) => x.status === "opened" && (!dispute_id || x.dispute_id === dispute_id))
  if (!d)
    return refuse(
      ENTRY_CODES.NO_OPEN_DISPUTE,
      dispute_id ? `no open dispute ${dispute_id}` : "the order has no open dispute",
    )
  return {
    ok: true,
    order: { ...o, disputes: o.disputes.map((x) => (x === d ? { ...x, status: outcome, closed_at: now, by } : x)) },
  }
}
