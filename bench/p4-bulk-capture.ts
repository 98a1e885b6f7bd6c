/**
 * P4 bulk capture of 1,000 orders through POST /admin/acquiring/bulk/capture at a realistic
 * gateway round trip (the sandbox's latency fault, 150 ms on every API request), against
 * Medusa's own per-order admin capture (POST /admin/payments/:id/capture, one order after the
 * other, as an admin would). Targets: the bulk call at least 10× faster per order than the
 * per-order route, exactly one gateway capture request per 50 orders, and every order captured
 * in Medusa (the results say "captured" and each payment has its capture row). The per-order
 * route is timed on a sample (BENCH_P4_SAMPLE, default 50 orders) and scaled per order; both
 * are measured in this run, on the same app. The orders are real checkouts through the Store
 * API, placed before the clocks start and before the latency is switched on.
 *
 *   npx tsx bench/p4-bulk-capture.ts [orders=1000]
 */
import "./lib/quiet"
import { requestMark, requestsSince } from "../integration-tests/http/helpers/acquiring-orders"
import { checkout, newStats, pool } from "../integration-tests/reliability/storefront"
import { graphOf } from "../src/lib/acquiring/queries/graph"
import { type BenchApp, runAloneWithApp } from "./lib/app"
import { ms, type BenchRow } from "./lib/report"

/** The gateway round trip P4 is measured at. */
export const P4_LATENCY_MS = 150
const TARGET_RATIO = 10
const sampleSize = () => Number(process.env.BENCH_P4_SAMPLE ?? 50)

async function placeOrders(app: BenchApp, n: number, offset: number): Promise<string[]> {
  const stats = newStats()
  const placed = await pool(
    Array.from({ length: n }, (_, i) => offset + i),
    8,
    (i) => checkout(app.api as never, app.seed, app.sandbox, app.container as never, i, stats),
  )
  if (placed.some((p) => !p.order_id)) throw new Error("a checkout did not complete")
  return placed.map((p) => p.order_id!)
}

/** Each order's payment id and how many capture rows it has (read once, outside the clocks). */
async function capturesOf(app: BenchApp, orderIds: string[]): Promise<Map<string, { id: string; captures: number }>> {
  const { data } = await graphOf(app.container).graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.id", "payment_collections.payments.captures.id"],
    filters: { id: orderIds },
  })
  return new Map(
    data.map((o) => {
      const p = o.payment_collections[0].payments[0]
      return [o.id as string, { id: p.id as string, captures: (p.captures ?? []).length }]
    }),
  )
}

/** Medusa's admin capture route, one order after the other: ms per order. */
async function perOrder(app: BenchApp, orderIds: string[]): Promise<number> {
  const payments = await capturesOf(app, orderIds)
  const t = performance.now()
  for (const id of orderIds) await app.api.post(`/admin/payments/${payments.get(id)!.id}/capture`, {}, app.seed.admin)
  const per = (performance.now() - t) / orderIds.length
  const after = await capturesOf(app, orderIds)
  if ([...after.values()].some((p) => p.captures !== 1)) throw new Error("a per-order capture was not recorded")
  return per
}

export async function runP4(app: BenchApp, orders = 1_000): Promise<BenchRow[]> {
  const drop = app.sandbox.faults.add({ target: "notifications", kind: "drop" })
  try {
    const sample = Math.min(sampleSize(), orders)
    const bulkIds = await placeOrders(app, orders, 0)
    const sampleIds = await placeOrders(app, sample, orders)
    const latency = app.sandbox.faults.add({ target: "api", kind: "latency", latency_ms: P4_LATENCY_MS })
    let single: number
    let wall: number
    let captures: number
    let queries: number
    let data: { results: Array<{ status: string; order_id: string }> }
    try {
      single = await perOrder(app, sampleIds)
      const mark = requestMark(app.sandbox)
      const t = performance.now()
      ;({ data } = await app.api.post("/admin/acquiring/bulk/capture", { order_ids: bulkIds }, app.seed.admin))
      wall = performance.now() - t
      captures = requestsSince(app.sandbox, "/v1/capture", mark).length
      queries = requestsSince(app.sandbox, "/v1/retrievalTrans", mark).length
    } finally {
      app.sandbox.faults.clear(latency.id)
    }
    const notCaptured = data.results.find((r) => r.status !== "captured")
    if (notCaptured) throw new Error(`bulk capture: an order was not captured: ${JSON.stringify(notCaptured)}`)
    const rows = await capturesOf(app, bulkIds)
    const recorded = [...rows.values()].filter((p) => p.captures === 1).length
    if (recorded !== orders) throw new Error(`bulk capture: ${recorded} of ${orders} payments have one capture row`)
    const expected = Math.ceil(orders / 50)
    const perBulk = wall / orders
    const ratio = single / perBulk
    return [
      {
        id: "P4",
        what: `bulk capture of ${orders} orders at ${P4_LATENCY_MS} ms gateway latency vs Medusa's per-order capture`,
        measured:
          `bulk: ${captures} capture requests (+${queries} retrievalTrans), wall ${ms(wall)} (${ms(perBulk)}/order); ` +
          `per-order route: ${ms(single)}/order (sample of ${sample}, sequential; ≈ ${(
            (single * orders) /
            1000
          ).toFixed(1)} s for ${orders})`,
        value: `${ratio.toFixed(1)}×, ${captures} req`,
        target: `≥ ${TARGET_RATIO}×, exactly ${expected} req`,
        pass: ratio >= TARGET_RATIO && captures === expected,
      },
    ]
  } finally {
    app.sandbox.faults.clear(drop.id)
  }
}

if (require.main === module) runAloneWithApp((app) => runP4(app, Number(process.argv[2] ?? 1_000)))
