import type { Locking } from "./queries/locks"
import { LOCK_KEYS } from "./lock-keys"

/** Lock key of one account holder's saved cards (the read-modify-write of its `data.cards`). */
export const holderLockKey = LOCK_KEYS.accountHolder

/** Seconds a save waits for the holder's lock (a save is one read and one write). */
export const HOLDER_LOCK_TIMEOUT_SECONDS = 10

/** The last job queued per key in this process: the next one starts after it settles. */
const gates = new Map<string, Promise<unknown>>()

async function inProcessGate<T>(key: string, job: () => Promise<T>): Promise<T> {
  const run = (gates.get(key) ?? Promise.resolve()).catch(() => undefined).then(job)
  const settled = run.catch(() => undefined)
  gates.set(key, settled)
  try {
    return await run
  } finally {
    if (gates.get(key) === settled) gates.delete(key)
  }
}

/**
 * Run `job` (read the holder's cards, change them, write them back) alone for this holder, so two
 * authorisations of one customer at the same moment cannot each write their own list over the
 * other's card. An in-process gate per holder always, then the cluster-wide lock when there is one
 * (the provider's: PostgreSQL's advisory lock, src/providers/acquiring/core/payment-module-reads.ts).
 * One key, never taken with another: no cycle with the payment locks (queries/locks.ts) a save may run under.
 */
export async function withHolderLock<T>(
  locking: Locking | undefined,
  holderId: string,
  job: () => Promise<T>,
  timeoutSeconds = HOLDER_LOCK_TIMEOUT_SECONDS,
): Promise<T> {
  const key = holderLockKey(holderId)
  return inProcessGate(key, () => (locking ? locking.execute(key, job, { timeout: timeoutSeconds }) : job()))
}
