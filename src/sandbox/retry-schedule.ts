/**
 * When the sandbox retries a notification that got no 2xx: exponential backoff with jitter, for up
 * to retry_for_ms after the first attempt (docs/gateway-interface.md §6.3: up to 36 hours, confirmed), and never
 * more than max_attempts. Pure, so the whole 36 h schedule can be checked without waiting.
 */
export interface RetryPolicy {
  backoff_base_ms: number
  backoff_factor: number
  backoff_max_ms: number
  /** ± share of each delay, drawn from `random` (0..1). */
  jitter: number
  max_attempts: number
  retry_for_ms: number
}

/** Delay after failed attempt `attempt` (1-based): base × factor^(attempt−1), capped, ± jitter. */
export function backoffDelay(p: RetryPolicy, attempt: number, random: () => number): number {
  const plain = Math.min(p.backoff_max_ms, p.backoff_base_ms * p.backoff_factor ** (attempt - 1))
  return Math.round(plain * (1 + p.jitter * (random() * 2 - 1)))
}

/**
 * The wait before the next attempt, or null when retrying is over: `attempts` made so far, the last
 * `elapsed_ms` after the first.
 */
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

/** Every attempt's offset from the first (0 first) when none is acknowledged. */
export function retrySchedule(p: RetryPolicy, random: () => number): number[] {
  const at = [0]
  for (;;) {
    const delay = nextRetryDelay(p, at.length, at[at.length - 1], random)
    if (delay === null) return at
    at.push(at[at.length - 1] + delay)
  }
}
