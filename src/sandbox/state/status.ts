import { PAYMENT_STATUS, QUERY_RESULT } from "../../gateway/status-codes"
import type { Order, OrderState } from "./order"

export const PAYMENT_STATUS_OF_STATE: Record<OrderState, string> = {
  waiting: PAYMENT_STATUS.WAITING_SHOPPER,
  review: PAYMENT_STATUS.REVIEW,
  authorised: PAYMENT_STATUS.AUTHORISED,
  paid: PAYMENT_STATUS.PAID,
  partially_refunded: PAYMENT_STATUS.PARTIALLY_REFUNDED,
  refunded: PAYMENT_STATUS.REFUNDED,
  cancelled: PAYMENT_STATUS.CANCELLED,
  declined: PAYMENT_STATUS.DECLINED,
}

/** Engine codes, inferred (the spec §3). */
export const QUERY_RESULT_OF_STATE: Record<OrderState, string> = {
  waiting: QUERY_RESULT.PENDING,
  review: QUERY_RESULT.WAITING_REVIEW,
  authorised: QUERY_RESULT.PENDING,
  paid: QUERY_RESULT.SUCCESS,
  partially_refunded: QUERY_RESULT.SUCCESS,
  refunded: QUERY_RESULT.SUCCESS,
  cancelled: QUERY_RESULT.FAILED,
  declined: QUERY_RESULT.FAILED,
}

export const paymentStatus = (order: Pick<Order, "state">): string => PAYMENT_STATUS_OF_STATE[order.state]
export const queryResult = (order: Pick<Order, "state">): string => QUERY_RESULT_OF_STATE[order.state]
