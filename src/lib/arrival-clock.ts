/**
 * A clock whose readings strictly increase, by a millisecond at least: two deliveries that arrive
 * within the same millisecond (a refused one answers in well under one) still get distinct,
 * ordered times, so "newest first" lists them as they came. Within one process; between
 * instances there is no order finer than their clocks.
 */
export function arrivalClock(now: () => number = Date.now): () => Date {
  let last = 0
  return () => {
    last = Math.max(now(), last + 1)
    return new Date(last)
  }
}
