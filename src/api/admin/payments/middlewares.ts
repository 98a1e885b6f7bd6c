import type { MiddlewareRoute } from "@medusajs/framework/http"
import { lockKey } from "../../../lib/acquiring/queries/payments"
import { holdRouteLock } from "../../route-lock"
import { recordPaymentMovement } from "./record-movement"

/** Seconds Medusa's route waits for the payment's lock (a bulk call or a notification holding it) before its 409. */
export const PAYMENT_ROUTE_LOCK_WAIT_SECONDS = 30

/**
 * The lock's lease: longer than one refund or capture request takes (a few gateway calls of at
 * most timeout_ms each), so it never lapses under a live request; a process that dies holding it
 * frees it by itself. The same as a bulk run's (workflows/acquiring/bulk/steps/locks.ts).
 */
export const PAYMENT_ROUTE_LOCK_LEASE_SECONDS = 600

/**
 * Hold the payment's lock (`acquiring:payment:<id>`, the one bulk operations, reconciliation and
 * notifications take) for the whole request. Medusa's refund and capture only lock the payment row
 * around their own bookkeeping and call the provider outside it, so without this a bulk refund and
 * Medusa's route could both pass their checks: the gateway refunds once, and the loser's temporary
 * refund row makes the winner's recording fail until a reconciliation (#25). One key, waited for
 * alone: never part of a cycle with the multi-payment lockers (gate, then sorted keys).
 *
 * Every payment is locked, not only those of a pp_acquiring provider: knowing the provider costs a
 * query per request, while an uncontended lock of another provider's payment costs next to nothing.
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

/** Medusa's own admin routes that move a payment's money; spread into src/api/middlewares.ts. */
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
