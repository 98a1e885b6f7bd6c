import type { PaymentView } from "../payments"

/** A hosted EUR 32.89 payment, authorised and untouched, as paymentsOfOrders reads it; a spec overrides the rest. */
export const paymentView = (over: Partial<PaymentView> = {}): PaymentView => ({
  id: "pay_1",
  provider_id: "pp_acquiring_acquiring",
  payment_collection_id: "pc_1",
  currency_code: "EUR",
  amount: "32.89",
  captured: "0.00",
  refunded: "0.00",
  captured_at: null,
  canceled_at: null,
  data: { order_no: "paysesA", currency: "EUR", amount: "32.89", variant: "hosted" },
  capture_rows: [],
  refund_rows: [],
  ...over,
})
