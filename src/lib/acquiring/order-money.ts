import { PAYMENT_STATUS } from "../../gateway/status-codes"
import { GATEWAY_CAPTURED } from "./batch"
import { cents, fromCents } from "./money"

/** Events of an order whose money and status disagree (README, "Events"). */
export const ORDER_MONEY_EVENTS = {
  /** A canceled order's money was given back: refunded in full or its authorisation voided. */
  canceledRefunded: "acquiring.order.canceled_refunded",
  /** A canceled order holds money and option `orphans: "report"` leaves it to the admin. */
  canceledHeld: "acquiring.order.canceled_held",
  /** A live order's money was voided or refunded at the gateway outside Medusa. */
  unpaid: "acquiring.order.unpaid",
  /** An order without money was fulfilled (capture on fulfilment could not capture). */
  fulfilledUnpaid: "acquiring.order.fulfilled_unpaid",
} as const

/**
 * What a books row of an order's gateway order says when the order and its money disagree: listed
 * on *Unmatched payments* (its second list) and marked on the order's widget.
 */
export const ORDER_MARKS = {
  /** A canceled order holds money; `orphans: "report"` left it to the admin. */
  canceledHeld: "order_canceled_held",
  /** A live order whose money is gone at the gateway. */
  unpaid: "order_unpaid",
} as const
export const ORDER_MARK_VALUES = Object.values(ORDER_MARKS)

/** A Medusa payment of a canceled order as its money stands (after the gateway's movements were recorded). */
export interface CanceledPaymentMoney {
  canceled: boolean
  captured: string
  refunded: string
}

export type CanceledOrderAction = { kind: "none" } | { kind: "void" } | { kind: "refund"; amount: string }

/**
 * What a canceled order's payment needs so no money stays held: a captured rest is refunded in full,
 * an authorisation (or a review hold) still live at the gateway is voided. Medusa's payment must show
 * the gateway's movements first (reconciliation's apply), so `captured` and `refunded` are the truth.
 */
export function canceledOrderAction(p: CanceledPaymentMoney, gatewayStatus: string | undefined): CanceledOrderAction {
  if (p.canceled) return { kind: "none" }
  const left = cents(p.captured) - cents(p.refunded)
  if (left > 0n) return { kind: "refund", amount: fromCents(left) }
  if (cents(p.captured) > 0n || GATEWAY_CAPTURED.has(gatewayStatus ?? "")) return { kind: "none" }
  if (gatewayStatus === PAYMENT_STATUS.AUTHORISED || gatewayStatus === PAYMENT_STATUS.REVIEW) return { kind: "void" }
  return { kind: "none" }
}

/** A payment of an order as the money question needs it. */
export interface OrderPaymentMoney {
  canceled: boolean
  captured: string
  refunded: string
}

/** A payment that still holds money for its order: not canceled, and authorised or with a captured rest. */
export function holdsMoney(p: OrderPaymentMoney): boolean {
  if (p.canceled) return false
  const captured = cents(p.captured)
  return captured === 0n || captured > cents(p.refunded)
}

/**
 * A live order whose every payment was voided or refunded in full has no money: shown, never
 * hidden. An order with no payment at all is not one of these (it was never paid).
 */
export function moneyGone(payments: OrderPaymentMoney[]): boolean {
  return payments.length > 0 && !payments.some(holdsMoney)
}
