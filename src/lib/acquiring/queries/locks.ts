import { lockKey } from "./payments"
import { LOCK_KEYS } from "../lock-keys"

/** The part of Medusa's locking module this needs. */
export interface Locking {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number }): Promise<T>
}

/**
 * Taken before several payment locks at once: one multi-payment locker at a time, cluster-wide.
 * The Redis locking provider takes a list of keys one by one in parallel, so two callers with
 * overlapping lists could each hold part and wait for the rest until both time out (and the taken
 * keys then stay locked for a lease). Multi-payment lockers therefore pass this gate first;
 * single-payment lockers (reconciliation, review) hold one key and wait for no other, so no cycle
 * can form.
 */
export const MULTI_PAYMENT_GATE = LOCK_KEYS.multiPaymentGate

/** The part of Medusa's locking module a lock held across workflow steps needs (acquire now, release in a later step). */
export interface LeaseLocking {
  acquire(keys: string | string[], args?: { ownerId?: string; expire?: number }): Promise<void>
  release(keys: string | string[], args?: { ownerId?: string }): Promise<boolean>
}

/** Locks one workflow run holds: what its release step and its compensation give back. */
export interface HeldLocks {
  keys: string[]
  owner_id: string
}

/** The lock keys of payments (`acquiring:payment:<id>`), deduplicated and sorted (the order acquireLocks takes them in). */
export const paymentLockKeys = (paymentIds: string[]) => [...new Set(paymentIds)].sort().map(lockKey)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Take `keys` for `ownerId`, retried every `retryMs` until the deadline; a retry re-takes its own keys. */
async function takeUntil(
  locking: LeaseLocking,
  keys: string[],
  ownerId: string,
  ttl: number,
  deadline: number,
  retryMs: number,
) {
  for (;;) {
    try {
      return await locking.acquire(keys, { ownerId, expire: ttl })
    } catch (e) {
      if (Date.now() >= deadline) throw e
    }
    await sleep(retryMs)
  }
}

/**
 * The payment locks of a workflow run, taken in one step and given back in a later one: the gate
 * (when given, MULTI_PAYMENT_GATE for several payments) then every key (paymentLockKeys: sorted),
 * each retried until `timeoutSeconds`, leased for `ttlSeconds` (a process that dies mid-run cannot
 * hold them for ever); release them with releaseLocks. Behind the gate it cannot deadlock with
 * another multi-payment run or with single-payment lockers. On a timeout whatever this owner
 * took is given back before the error is thrown.
 */
export async function acquireLocks(
  locking: LeaseLocking,
  keys: string[],
  opts: { ownerId: string; gate?: string; timeoutSeconds: number; ttlSeconds: number; retryMs?: number },
): Promise<HeldLocks> {
  const held: HeldLocks = { keys: [], owner_id: opts.ownerId }
  if (!keys.length) return held
  const all = opts.gate ? [opts.gate, ...keys] : keys
  const deadline = Date.now() + opts.timeoutSeconds * 1000
  const retryMs = opts.retryMs ?? 100
  try {
    if (opts.gate) await takeUntil(locking, [opts.gate], opts.ownerId, opts.ttlSeconds, deadline, retryMs)
    await takeUntil(locking, keys, opts.ownerId, opts.ttlSeconds, deadline, retryMs)
  } catch (e) {
    await releaseLocks(locking, { keys: all, owner_id: opts.ownerId })
    throw e
  }
  held.keys = all
  return held
}

/** Give back what acquireLocks took (only this owner's: a lease that lapsed and was taken by another stays theirs). */
export async function releaseLocks(locking: LeaseLocking, held: HeldLocks | undefined): Promise<void> {
  if (!held?.keys.length) return
  // Keys first, the gate last: the next multi-payment locker finds the keys free.
  await locking.release([...held.keys].reverse(), { ownerId: held.owner_id })
}
