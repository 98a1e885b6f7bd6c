/**
 * Runs `fn` over `items` with at most `limit` calls in flight and returns the results in the
 * items' order. The chunks of one batched or list call are independent requests (distinct
 * orders), so a few may be on the wire at once; one round trip per chunk in sequence was the
 * whole wall time of large reconciliations and bulk operations (bench/p3-reconcile.ts, bench/p4-bulk-capture.ts). The first
 * failure rejects the whole call and starts nothing more.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      try {
        results[i] = await fn(items[i], i)
      } catch (err) {
        next = items.length // a failure stops further starts; calls in flight finish
        throw err
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker))
  return results
}
