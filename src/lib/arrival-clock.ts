/** Strictly increasing by at least a millisecond, so same-millisecond deliveries still list in order (per process). */
export function arrivalClock(now: () => number = Date.now): () => Date {
  let last = 0
  return () => {
    last = Math.max(now(), last + 1)
    return new Date(last)
  }
}
