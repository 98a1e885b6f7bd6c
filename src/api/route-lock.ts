import { randomUUID } from "node:crypto"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  acquireLocks,
  MULTI_PAYMENT_GATE,
  releaseLocks,
  type HeldLocks,
  type LeaseLocking,
} from "../lib/acquiring/queries/locks"

export interface RouteLock {
  /** Several keys are taken behind the multi-payment gate. */
  key: (req: MedusaRequest) => string | Promise<string[]>
  waitSeconds: number
  /** Its lease: longer than the route can take, so it never lapses under a live request. */
  leaseSeconds: number
  busy: (req: MedusaRequest) => string
  /** For the log ("payment pay_…"). */
  what: (req: MedusaRequest) => string
}

/** Several keys go behind the multi-payment gate, as a bulk run takes them, so neither joins a cycle. */
export function holdRouteLock(lock: RouteLock) {
  return async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const keys = [await lock.key(req)].flat()
    if (!keys.length) return next()
    if (await holdForResponse(req, res, keys, lock)) next()
  }
}

/** Take `keys` for the rest of this request, or answer 409 and return false. */
export async function holdForResponse(
  req: MedusaRequest,
  res: MedusaResponse,
  keys: string | string[],
  lock: Omit<RouteLock, "key">,
): Promise<boolean> {
  const all = [keys].flat()
  const locking = req.scope.resolve<LeaseLocking>(Modules.LOCKING)
  let held: HeldLocks
  try {
    held = await acquireLocks(locking, all, {
      ownerId: `acquiring:route:${randomUUID()}`,
      gate: all.length > 1 ? MULTI_PAYMENT_GATE : undefined,
      timeoutSeconds: lock.waitSeconds,
      ttlSeconds: lock.leaseSeconds,
    })
  } catch {
    res.status(409).json({ type: "conflict", message: lock.busy(req) })
    return false
  }
  releaseWithResponse(req, res, held, lock.what(req))
  return true
}

/**
 * Give `held` back once, when the response ends (the handler's or the error handler's answer): a
 * lock taken for a whole request. A failed release is logged; the locks then end with their lease.
 */
export function releaseWithResponse(req: MedusaRequest, res: MedusaResponse, held: HeldLocks, what: string): void {
  let released = false
  const end = res.end.bind(res) as (...args: unknown[]) => MedusaResponse
  res.end = ((...args: unknown[]) => {
    const out = end(...args)
    if (!released) {
      released = true
      releaseLocks(req.scope.resolve<LeaseLocking>(Modules.LOCKING), held).catch((e: Error) =>
        req.scope
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`acquiring: releasing the lock of ${what} failed (${e.message}); it ends with its lease`),
      )
    }
    return out
  }) as MedusaResponse["end"]
}
