import { z } from "zod"

export const OrderId = z.string().regex(/^order_[0-9A-Za-z]+$/, "must be a Medusa order id (order_…)")
const PaymentId = z.string().regex(/^pay_[0-9A-Za-z]+$/, "must be a Medusa payment id (pay_…)")
const PayoutId = z.string().regex(/^pout_[0-9A-Za-z]+$/, "must be a payout id (pout_…)")

/** Each route splits them into gateway requests of its own limit. */
export const MAX_ORDERS_PER_CALL = 1000
/** An order named twice would be sent or recorded twice. */
export const eachOrderOnce =
  <T>(idOf: (x: T) => string) =>
  (xs: T[]) =>
    new Set(xs.map(idOf)).size === xs.length

export const AdminOrderParams = z.object({ order_id: OrderId })
export const AdminKeptPaymentParams = z.object({ order_id: OrderId, payment_id: PaymentId })
export const AdminPayoutParams = z.object({ id: PayoutId })
