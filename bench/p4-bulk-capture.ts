/**
 * P4 bulk capture of 1,000 orders through POST /admin/acquiring/bulk/capture: gateway capture
 * requests (exactly 20: 50 orders each) and wall time (target ≤ 1.5 s). The orders are real
 * checkouts through the Store API (placed before the clock starts).
 *
 *   npx tsx bench/p4-bulk-capture.ts [orders=1000]
 */
import "./lib/quiet"
import { requestMark, requestsSince } from "../integration-tests/http/helpers/acquiring-orders"
import { checkout, newStats, pool } from "../integration-tests/reliability/storefront"
import { type BenchApp, runAloneWithApp } from "./lib/app"
import { ms, type BenchRow } from "./lib/report"

export async function runP4(app: BenchApp, orders = 1_000): Promise<BenchRow[]> {
  const drop = app.sandbox.faults.add({ target: "notifications", kind: "drop" })
  try {
    const stats = newStats()
    const placed = await pool(
      Array.from({ length: orders }, (_, i) => i),
      8,
      (i) => checkout(app.api as never, app.seed, app.sandbox, app.container as never, i, stats),
    )
    if (placed.some((p) => !p.order_id)) throw new Error("a checkout did not complete")
    const mark = requestMark(app.sandbox)
    const t = performance.now()
    const { data } = await app.api.post(
      "/admin/acquiring/bulk/capture",
      { order_ids: placed.map((p) => p.order_id!) },
      app.seed.admin,
    )
    const wall = performance.now() - t
    const captures = requestsSince(app.sandbox, "/v1/capture", mark).length
    const queries = requestsSince(app.sandbox, "/v1/retrievalTrans", mark).length
    const captured = (data.results as Array<{ status: string }>).filter((r) => r.status === "captured").length
    if (captured !== orders)
      throw new Error(
        `bulk capture captured ${captured} of ${orders}: ${JSON.stringify(data.results.find((r: { status: string }) => r.status !== "captured"))}`,
      )
    const expected = Math.ceil(orders / 50)
    return [
      {
        id: "P4",
        what: `bulk capture of ${orders} orders (admin route)`,
        measured: `${captures} capture requests (+${queries} retrievalTrans), wall ${ms(wall)}`,
        value: `${captures} req, ${(wall / 1000).toFixed(2)} s`,
        target: `exactly ${expected} req, ≤ 1.5 s`,
        pass: captures === expected && wall <= 1_500,
      },
    ]
  } finally {
    app.sandbox.faults.clear(drop.id)
  }
}

if (require.main === module) runAloneWithApp((app) => runP4(app, Number(process.argv[2] ?? 1_000)))
