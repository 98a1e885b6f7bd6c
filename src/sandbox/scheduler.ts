/** Timers the sandbox owns, all cancelled by stop() so nothing outlives the server. */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>()
  private stopped = false

  after(ms: number, fn: () => void | Promise<void>): void {
    if (this.stopped) return
    const t = setTimeout(
      () => {
        this.timers.delete(t)
        if (this.stopped) return
        Promise.resolve()
          .then(fn)
          .catch((err) => console.error("[sandbox] scheduled task failed:", err instanceof Error ? err.message : err))
      },
      Math.max(0, ms),
    )
    this.timers.add(t)
  }

  get pending(): number {
    return this.timers.size
  }

  stop(): void {
    this.stopped = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
  }
}
