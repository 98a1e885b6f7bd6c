import { lockKey } from "./payments"
import { LOCK_KEYS } from "../lock-keys"

export interface Locking {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number }): Promise<T>
}

/**
 * Redis locking takes a list of keys in parallel, so two overlapping lists could each hold part and wait
 * until both time out: multi-payment lockers pass this gate first.
 */
export const MULTI_PAYMENT_GATE = LOCK_KEYS.multiPaymentGate

export interface LeaseLocking {
  acquire(keys: string | string[], args?: { ownerId?: string; expire?: number }): Promise<void>
  release(keys: string | string[], args?: { ownerId?: string }): Promise<boolean>
}

export interface HeldLocks {
  keys: string[]
  owner_id: string
}

/** Payment lock keys, deduplicated and sorted (the order acquireLocks takes them in). */
export const paymentLockKeys = (paymentIds: string[]) => [...new Set(paymentIds)].sort().map(lockKey)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

/** Payment locks held across workflow steps: gate, then sorted keys, leased so a dead process cannot keep them. */
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

/** Give back this owner's keys (a lapsed lease taken by another stays theirs). */
export async function releaseLocks(locking: LeaseLocking, held: HeldLocks | undefined): Promise<void> {
  if (!held?.keys.length) return
  // Keys first, the gate last: the next multi-payment locker finds the keys free.
  await locking.release([...held.keys].reverse(), { ownerId: held.owner_id })
}
