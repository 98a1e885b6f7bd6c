import { randomUUID } from "node:crypto"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { acquireLocks, releaseLocks, type HeldLocks, type LeaseLocking } from "../../../lib/acquiring/queries/locks"
import { lockKey } from "../../../lib/acquiring/queries/payments"
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
  return async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const paymentId = req.params.id
    const locking = req.scope.resolve<LeaseLocking>(Modules.LOCKING)
    let held: HeldLocks
    try {
      held = await acquireLocks(locking, [lockKey(paymentId)], {
        ownerId: `acquiring:route:${randomUUID()}`,
        timeoutSeconds: opts.waitSeconds,
        ttlSeconds: opts.leaseSeconds,
      })
    } catch {
      res.status(409).json({
        type: "conflict",
        message: `Another operation on payment ${paymentId} is in progress; try again in a moment.`,
      })
      return
    }
    // Released when the handler (or the error handler) ends the response. Not on "close": a client
    // that goes away closes it at once while the refund still runs, and "finish" then never comes.
    let released = false
    const end = res.end.bind(res) as (...args: unknown[]) => MedusaResponse
    res.end = ((...args: unknown[]) => {
      const out = end(...args)
      if (!released) {
        released = true
        releaseLocks(locking, held).catch((e: Error) =>
          req.scope
            .resolve(ContainerRegistrationKeys.LOGGER)
            .warn(
              `acquiring: releasing the lock of payment ${paymentId} failed (${e.message}); it ends with its lease`,
            ),
        )
      }
      return out
    }) as MedusaResponse["end"]
    next()
  }
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
