import type { MiddlewareRoute } from "@medusajs/framework/http"
import { lockKey } from "../../../lib/acquiring/queries/payments"
import { holdRouteLock } from "../../route-lock"
import { recordPaymentMovement } from "./record-movement"

export const PAYMENT_ROUTE_LOCK_WAIT_SECONDS = 30

/** Longer than a refund or capture request takes, as a bulk run's lease; a dead process frees it by itself. */
export const PAYMENT_ROUTE_LOCK_LEASE_SECONDS = 600

/**
 * Medusa calls the provider outside its own row lock, so a bulk refund and this route could both pass (#25).
 * Every payment is locked: knowing the provider would cost a query, an idle lock next to nothing.
 */
export function holdPaymentLock(
  opts: { waitSeconds: number; leaseSeconds: number } = {
    waitSeconds: PAYMENT_ROUTE_LOCK_WAIT_SECONDS,
    leaseSeconds: PAYMENT_ROUTE_LOCK_LEASE_SECONDS,
  },
) {
  return holdRouteLock({
    ...opts,
    key: (req) => lockKey(req.params.id),
    what: (req) => `payment ${req.params.id}`,
    busy: (req) => `Another operation on payment ${req.params.id} is in progress; try again in a moment.`,
  })
}

/** Medusa's own admin routes that move a payment's money (spread into the API's middlewares). */
export const adminPaymentMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/payments/:id/capture",
    methods: ["POST"],
    middlewares: [holdPaymentLock(), recordPaymentMovement("capture")],
  },
  {
    matcher: "/admin/payments/:id/refund",
    methods: ["POST"],
    middlewares: [holdPaymentLock(), recordPaymentMovement("refund")],
  },
]
