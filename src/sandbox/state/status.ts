import { PAYMENT_STATUS as P } from "../../gateway/status-codes"
import { QUERY_RESULT as Q } from "../../gateway/operations-table"
import type { OrderState } from "./order"

/** payment_status per state, from the shared table (src/gateway/status-codes.ts). */
export const PAYMENT_STATUS: Record<OrderState, string> = {
  waiting: P.WAITING_SHOPPER,
  review: P.REVIEW,
  authorised: P.AUTHORISED,
  paid: P.PAID,
  partially_refunded: P.PARTIALLY_REFUNDED,
  refunded: P.REFUNDED,
  cancelled: P.CANCELLED,
  declined: P.DECLINED,
}

/** query_result / notification order_status per state (engine codes, gateway-interface.md §3, inferred). */
export const QUERY_RESULT_FOR: Record<OrderState, string> = {
  waiting: Q.PENDING,
  review: Q.WAITING_REVIEW,
  authorised: Q.PENDING,
  paid: Q.SUCCESS,
  partially_refunded: Q.SUCCESS,
  refunded: Q.SUCCESS,
  cancelled: Q.FAILED,
  declined: Q.FAILED,
}
