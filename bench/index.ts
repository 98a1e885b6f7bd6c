/**
 * npx tsx bench/index.ts   (the lead adds `"bench": "tsx bench/index.ts"` to package.json)
 *
 * Every benchmark, side by side in one run, against one Medusa app (bench/lib/app.ts) and
 * the sandbox gateway, then one table with the machine and its load average. Each bench
 * also runs alone: npx tsx bench/p<N>-….ts. Run with node --expose-gc for exact heap figures:
 *   node --expose-gc --import tsx bench/index.ts
 */
import "./lib/quiet"
import { startBenchApp } from "./lib/app"
import { printTable, type BenchRow } from "./lib/report"
import { runP1 } from "./p1-gateway-overhead"
import { runP2 } from "./p2-checkout"
import { runP3 } from "./p3-reconcile"
import { runP4 } from "./p4-bulk-capture"
import { runP6 } from "./p6-notification"
import { runP7 } from "./p7-chaos"
import { runP8 } from "./p8-notification-flood"
import { runP9 } from "./p9-overview"
import { chaosProviderOptions } from "../integration-tests/http/helpers/chaos-seed"

const log = (s: string) => console.error(`[bench] ${s}`)
/** Sizes; the defaults are the targets' (BENCH_P4_ORDERS=300 etc. for a quicker run on a busy machine). */
const size = (name: string, dflt: number) => Number(process.env[name] ?? dflt)

/** BENCH_ONLY=P2,P4 runs those alone (the others print as skipped); unset runs all eight. */
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim().toUpperCase())

/** A bench that fails still leaves a row: the table always shows all eight. */
async function guarded(id: string, what: string, fn: () => Promise<BenchRow[]>): Promise<BenchRow[]> {
  if (only && !only.includes(id))
    return [{ id, what, measured: "not run (BENCH_ONLY)", value: "-", target: "-", pass: null }]
  log(`${id}: ${what}`)
  const t = Date.now()
  try {
    const rows = await fn()
    // Each row as soon as measured: a long run stopped midway keeps what it measured.
    log(
      `${id}: done in ${((Date.now() - t) / 1000).toFixed(0)} s: ${rows.map((r) => `${r.measured} → ${r.value} (${r.pass === false ? "MISSED" : "ok"})`).join("; ")}`,
    )
    return rows
  } catch (e) {
    log(`${id} failed: ${(e as Error).stack ?? e}`)
    return [
      { id, what, measured: `failed: ${(e as Error).message.slice(0, 80)}`, value: "-", target: "-", pass: false },
    ]
  }
}

async function main() {
  const rows: BenchRow[] = []
  rows.push(...(await guarded("P1", "gateway call overhead", () => runP1(size("BENCH_P1_CALLS", 1_000)))))
  log("starting the Medusa app")
  // P7's invariant needs its boot options (no grace before an unplaceable cart is settled); the others ignore them.
  process.env.ACQ_OPTIONS_OVERRIDE ??= JSON.stringify(chaosProviderOptions())
  const app = await startBenchApp({ log })
  try {
    rows.push(...(await guarded("P2", "checkout vs pp_system_default", () => runP2(app, size("BENCH_P2_CARTS", 30)))))
    rows.push(
      ...(await guarded("P6", "notification → state", () =>
        runP6(app, size("BENCH_P6_SAMPLES", 30), size("BENCH_P6_STOCK", 10)),
      )),
    )
    // P3 before P4: reconciliation then meets its 10,000 payments, not P4's 1,000 captured orders besides.
    rows.push(...(await guarded("P3", "reconciliation", () => runP3(app, size("BENCH_P3_TRANSACTIONS", 10_000)))))
    rows.push(...(await guarded("P4", "bulk capture", () => runP4(app, size("BENCH_P4_ORDERS", 1_000)))))
    rows.push(...(await guarded("P8", "notification flood", () => runP8(app, size("BENCH_P8_DELIVERIES", 10_000)))))
    rows.push(
      ...(await guarded("P9", "payments overview", () =>
        runP9(app, size("BENCH_P9_ORDERS", 100_000), size("BENCH_P9_NOTIFICATIONS", 20_000)),
      )),
    )
    // Last: its 1,000 carts and their orders would otherwise be in the others' scans.
    rows.push(...(await guarded("P7", "chaos shopper", () => runP7(app, size("BENCH_P7_CHECKOUTS", 1_000)))))
  } finally {
    await app.stop()
  }
  console.log(`\n${printTable(rows)}`)
  process.exit(0)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
