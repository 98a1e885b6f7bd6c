/**
 * At most `limit` calls in flight, results in the items' order. A batch's chunks are independent
 * requests, so sequential round trips were pure wall time. The first failure rejects and starts nothing more.
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
