/** The real clock plus an offset tests can advance (A0009, record dates). */
export class Clock {
  private offset = 0
  now(): number {
    return Date.now() + this.offset
  }
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new Error("advance takes a non-negative number of milliseconds")
    this.offset += ms
    return this.now()
  }
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0")

/** UTC (the spec §2.5, §2.7). */
export function compactTimestamp(ms: number): string {
  const d = new Date(ms)
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  )
}

/** ISO 8601 with the offset written without a colon: 2024-01-02T03:04:05+0000 (gateway-interface.md §2.8). */
export function offsetTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000")
}

/** YYYY-MM-DD in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}
