import os from "node:os"

/** One line of the bench table: what was measured, against what, and the target. */
export interface BenchRow {
  id: string
  what: string
  /** The figures, as measured (e.g. "median 1.92 ms vs raw 1.80 ms"). */
  measured: string
  /** The number compared to the target (a ratio, a count, milliseconds…). */
  value: string
  target: string
  /** Null: not run (BENCH_ONLY left it out). */
  pass: boolean | null
}

export const median = (xs: number[]) => quantile(xs, 0.5)

/** Nearest-rank quantile of a sample (q in 0..1). */
export function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]
}

export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(0)} ms`

/** The machine and its load: the machine is shared, so the figures carry it. */
export function machine(): string {
  const cpus = os.cpus()
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}; load average ${load}`
}

export function printTable(rows: BenchRow[]): string {
  const head = ["", "benchmark", "measured", "value", "target", ""]
  const lines = rows.map((r) => [
    r.id,
    r.what,
    r.measured,
    r.value,
    r.target,
    r.pass === null ? "skipped" : r.pass ? "ok" : "MISSED",
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`
  const out = [fmt(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(fmt)].join("\n")
  return `${out}\n\n${machine()}\n`
}

/** Run a bench file alone: `npx tsx bench/p1-gateway-overhead.ts`. */
export function runAlone(run: () => Promise<BenchRow[]>): void {
  run().then(
    (rows) => {
      console.log(`\n${printTable(rows)}`)
      process.exit(0)
    },
    (e) => {
      console.error(e)
      process.exit(1)
    },
  )
}
