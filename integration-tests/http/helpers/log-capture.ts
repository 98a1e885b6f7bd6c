/**
 * Everything a test file's Medusa app logs, for log-hygiene assertions. Medusa's winston
 * logger binds console methods at start-up and jest buffers console output when several files
 * run, so three layers are wrapped: process.stdout/stderr writes, the console methods, and
 * the container's `logger` methods (the same object the providers and routes log through).
 * Call captureProcessOutput() before the runner boots and captureLogger(container) after.
 */
export interface LogCapture {
  lines: string[]
  text(): string
  restore(): void
  captureLogger(container: { resolve: (k: string) => unknown }): void
}

export function captureProcessOutput(): LogCapture {
  const lines: string[] = []
  const restores: Array<() => void> = []
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream)
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      lines.push(String(chunk))
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write
    restores.push(() => (stream.write = original))
  }
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level]
    console[level] = (...args: unknown[]) => {
      lines.push(args.map(show).join(" ") + "\n")
      original.apply(console, args)
    }
    restores.push(() => (console[level] = original))
  }
  return {
    lines,
    text: () => lines.join(""),
    restore: () =>
      restores
        .splice(0)
        .reverse()
        .forEach((r) => r()),
    captureLogger(container) {
      const logger = container.resolve("logger") as Record<string, unknown>
      for (const level of ["info", "warn", "error", "debug", "log", "http", "verbose"]) {
        const original = logger[level]
        if (typeof original !== "function") continue
        logger[level] = (...args: unknown[]) => {
          lines.push(args.map(show).join(" ") + "\n")
          return (original as (...a: unknown[]) => unknown).apply(logger, args)
        }
        restores.push(() => (logger[level] = original))
      }
    },
  }
}

function show(a: unknown): string {
  if (a instanceof Error) return `${a.message}\n${a.stack ?? ""}`
  if (typeof a === "object" && a !== null) {
    try {
      return JSON.stringify(a)
    } catch {
      return String(a)
    }
  }
  return String(a)
}
