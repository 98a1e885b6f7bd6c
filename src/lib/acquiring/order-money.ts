import { PAYMENT_STATUS } from "../../gateway/status-codes"
import { GATEWAY_CAPTURED } from "./batch"
import { cents, fromCents } from "./money"

/** Events of an order whose money and status disagree (README, "Events"). */
export const ORDER_MONEY_EVENTS = {
  canceledRefunded: "acquiring.order.canceled_refunded",
  /** A canceled order holds money and option `orphans: "report"` leaves it to the admin. */
  canceledHeld: "acquiring.order.canceled_held",
  /** A live order's money was voided or refunded at the gateway outside Medusa. */
  unpaid: "acquiring.order.unpaid",
  /** An order without money was fulfilled (capture on fulfilment could not capture). */
  fulfilledUnpaid: "acquiring.order.fulfilled_unpaid",
} as const

/** Marks on a books row when an order and its money disagree (Unmatched payments, the order widget). */
export const ORDER_MARKS = {
  canceledHeld: "order_canceled_held",
  unpaid: "order_unpaid",
} as const
export const ORDER_MARK_VALUES = Object.values(ORDER_MARKS)

export interface CanceledPaymentMoney {
  canceled: boolean
  captured: string
  refunded: string
}

export type CanceledOrderAction = { kind: "none" } | { kind: "void" } | { kind: "refund"; amount: string }

/** Refund a captured rest or void a live hold; reconciliation records the gateway's movements first. */
export function canceledOrderAction(p: CanceledPaymentMoney, gatewayStatus: string | undefined): CanceledOrderAction {
  if (p.canceled) return { kind: "none" }
  const left = cents(p.captured) - cents(p.refunded)
  if (left > 0n) return { kind: "refund", amount: fromCents(left) }
  if (cents(p.captured) > 0n || GATEWAY_CAPTURED.has(gatewayStatus ?? "")) return { kind: "none" }
  if (gatewayStatus === PAYMENT_STATUS.AUTHORISED || gatewayStatus === PAYMENT_STATUS.REVIEW) return { kind: "void" }
  return { kind: "none" }
}

export interface OrderPaymentMoney {
  canceled: boolean
  captured: string
  refunded: string
}

export function holdsMoney(p: OrderPaymentMoney): boolean {
  if (p.canceled) return false
  const captured = cents(p.captured)
  return captured === 0n || captured > cents(p.refunded)
}

/** Every payment voided or refunded in full (an order never paid is not one). */
export function moneyGone(payments: OrderPaymentMoney[]): boolean {
  return payments.length > 0 && !payments.some(holdsMoney)
}
