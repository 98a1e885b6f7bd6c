import type { Order } from "./order"
import { toMinor } from "../money"

export interface NewOrderInput {
  transaction_id: string
  reference_no: string
  merchant_id: string
  account_id: string
  kind: "card" | "apm"
  capture_mode: "authorise" | "sale"
  request: Record<string, unknown> & { order_no: string; currency: string; amount: string }
  recurring_id?: string
  now: number
}

/** (1000, -1). */
export function newOrder(input: NewOrderInput): Order {
  const { request } = input
  return {
    transaction_id: input.transaction_id,
    merchant_id: input.merchant_id,
    account_id: input.account_id,
    order_no: request.order_no,
    kind: input.kind,
    capture_mode: input.capture_mode,
    currency: request.currency,
    amount_minor: toMinor(request.amount),
    state: "waiting",
    order_info: "0000:Waiting for the shopper",
    created_at: input.now,
    captured_minor: 0,
    refunded_minor: 0,
    refunds: [],
    disputes: [],
    is3ds: false,
    fraud: [],
    reference_no: input.reference_no,
    request,
    recurring_id: input.recurring_id,
    history: [],
  }
}
