import { z } from "zod"

/** A Medusa order id, the one pattern for bodies and paths. */
export const OrderId = z.string().regex(/^order_[0-9A-Za-z]+$/, "must be a Medusa order id (order_…)")
/** Medusa ids with their module's prefix (generateEntityId: prefix, "_", ULID). */
const PaymentId = z.string().regex(/^pay_[0-9A-Za-z]+$/, "must be a Medusa payment id (pay_…)")
const PayoutId = z.string().regex(/^pout_[0-9A-Za-z]+$/, "must be a payout id (pout_…)")

/** Orders per admin call (each route splits them into gateway requests of its own limit). */
export const MAX_ORDERS_PER_CALL = 1000
/** A list that names each order once: an order twice would be sent or recorded twice. */
export const eachOrderOnce =
  <T>(idOf: (x: T) => string) =>
  (xs: T[]) =>
    new Set(xs.map(idOf)).size === xs.length

/** Path params, checked by validateParams in ./middlewares.ts. */
export const AdminOrderParams = z.object({ order_id: OrderId })
export const AdminKeptPaymentParams = z.object({ order_id: OrderId, payment_id: PaymentId })
export const AdminPayoutParams = z.object({ id: PayoutId })
