import type { Locking } from "./queries/locks"
import { LOCK_KEYS } from "./lock-keys"

export const holderLockKey = LOCK_KEYS.accountHolder

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
 * One read-modify-write of a holder's cards at a time, so simultaneous authorisations cannot drop a card.
 * One key, never held with another: no cycle with the payment locks a save may run under.
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
