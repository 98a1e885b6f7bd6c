/**
 * A promise started ahead of its use (the next page read while this one is worked on): awaited
 * later by its owner, and never an unhandled rejection when the owner stops before awaiting it.
 */
export function ahead<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined)
  return p
}
