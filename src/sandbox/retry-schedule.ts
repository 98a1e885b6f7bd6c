/**
 * Exponential backoff with jitter for up to retry_for_ms (the spec §6.3: up to 36 hours, confirmed) and at
 * most max_attempts. Pure, so the whole schedule can be checked without waiting.
 */
export interface RetryPolicy {
  backoff_base_ms: number
  backoff_factor: number
  backoff_max_ms: number
  /** ± share of each delay. */
  jitter: number
  max_attempts: number
  retry_for_ms: number
}

/** `attempt` is 1-based. */
export function backoffDelay(p: RetryPolicy, attempt: number, random: () => number): number {
  const plain = Math.min(p.backoff_max_ms, p.backoff_base_ms * p.backoff_factor ** (attempt - 1))
  return Math.round(plain * (1 + p.jitter * (random() * 2 - 1)))
}

/** null when retrying is over; `elapsed_ms` is the last attempt's offset from the first. */
export function nextRetryDelay(
  p: RetryPolicy,
  attempts: number,
  elapsed_ms: number,
  random: () => number,
): number | null {
  if (attempts >= p.max_attempts) return null
  const delay = backoffDelay(p, attempts, random)
  return elapsed_ms + delay > p.retry_for_ms ? null : delay
}

/** Offsets from the first attempt when none is acknowledged. */
export function retrySchedule(p: RetryPolicy, random: () => number): number[] {
  const at = [0]
  for (;;) {
    const delay = nextRetryDelay(p, at.length, at[at.length - 1], random)
    if (delay === null) return at
    at.push(at[at.length - 1] + delay)
  }
}
