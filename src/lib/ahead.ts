/**
 * A promise started ahead of its use (the next page read while this one is worked on): awaited
 * later by its owner, and never an unhandled rejection when the owner stops before awaiting it.
 */
export function ahead<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined)
  return p
}

/**
 * Keyset pages, each read while the caller works on the one before: `read(after)` reads the page
 * after a key (undefined: the first), `nextKey(page)` is the key after it (undefined: the last).
 * Keyset pages are disjoint, so reading one early neither repeats nor misses a row.
 */
export async function* pagesAhead<T>(
  read: (after?: string) => Promise<T>,
  nextKey: (page: T) => string | undefined,
): AsyncGenerator<T> {
  let pending = ahead(read())
  for (;;) {
    const page = await pending
    const next = nextKey(page)
    if (next !== undefined) pending = ahead(read(next))
    yield page
    if (next === undefined) return
  }
}
