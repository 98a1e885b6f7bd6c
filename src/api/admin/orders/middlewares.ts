import type { MiddlewareRoute } from "@medusajs/framework/http"
import { paymentLockKeys } from "../../../lib/acquiring/queries/locks"
import { paymentsOfOrders } from "../../../lib/acquiring/queries/payments"
import { PAYMENT_ROUTE_LOCK_LEASE_SECONDS, PAYMENT_ROUTE_LOCK_WAIT_SECONDS } from "../payments/middlewares"
import { holdRouteLock } from "../../route-lock"

/** The cancel holds its payments' locks, so it refunds a capture in flight instead of racing it. */
export const holdOrderPaymentLocks = holdRouteLock({
  waitSeconds: PAYMENT_ROUTE_LOCK_WAIT_SECONDS,
  leaseSeconds: PAYMENT_ROUTE_LOCK_LEASE_SECONDS,
  key: async (req) => {
    const views = (await paymentsOfOrders(req.scope, [req.params.id], true)).get(req.params.id) ?? []
    return paymentLockKeys(views.map((p) => p.id))
  },
  what: (req) => `the payments of order ${req.params.id}`,
  busy: (req) => `Another operation on a payment of order ${req.params.id} is in progress; try again in a moment.`,
})

/** Medusa's own order routes that move an order's money; spread into the app's middlewares. */
export const adminOrderMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/orders/:id/cancel", methods: ["POST"], middlewares: [holdOrderPaymentLocks] },
]
