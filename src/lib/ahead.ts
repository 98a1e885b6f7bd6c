/** A promise started ahead of use: never an unhandled rejection if its owner stops before awaiting it. */
export function ahead<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined)
  return p
}

/** Each keyset page is read while the caller works on the previous one; pages are disjoint, so none is missed. */
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
