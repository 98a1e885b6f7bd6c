import { lockKey } from "./payments"

/** The part of Medusa's locking module this needs. */
export interface Locking {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number }): Promise<T>
}

/** Taken before several payment locks at once: one multi-payment locker at a time, cluster-wide. */
export const MULTI_PAYMENT_GATE = "acquiring:payments:multi"

/**
 * Run `job` holding the lock of every payment (`acquiring:payment:<id>`). The Redis locking
 * provider takes a list of keys one by one in parallel, so two callers with overlapping lists
 * can each hold part and wait for the rest until both time out (and the taken keys then stay
 * locked for a lease). Multi-payment lockers therefore pass a gate first; single-payment lockers
 * (reconciliation, review) hold one key and wait for no other, so no cycle can form.
 */
export async function withPaymentLocks<T>(
  locking: Locking,
  paymentIds: string[],
  job: () => Promise<T>,
  timeoutSeconds: number,
): Promise<T> {
  const keys = [...new Set(paymentIds)].sort().map(lockKey)
  if (!keys.length) return job()
  return locking.execute(MULTI_PAYMENT_GATE, () => locking.execute(keys, job, { timeout: timeoutSeconds }), {
    timeout: timeoutSeconds,
  })
}
