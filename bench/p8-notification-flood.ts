/**
 * P8 notification inbox under a flood: forged deliveries of about 90 KB of random fields each,
 * posted to /hooks/acquiring/notify from four clients at once, while a shopper's checkout runs.
 * Target: the notification table (pg_total_relation_size, indexes and TOAST included) grows by at
 * most 20 MB for 10,000 deliveries, and the checkout completes meanwhile.
 *
 *   npx tsx bench/p8-notification-flood.ts [deliveries=10000]
 */
import "./lib/quiet"
import { randomBytes } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { placeOrder } from "../integration-tests/http/helpers/acquiring-orders"
import { type BenchApp, runAloneWithApp } from "./lib/app"
import { postForm } from "./lib/http"
import { ms, type BenchRow } from "./lib/report"

const BODY_BYTES = 90 * 1024
const FIELDS = 90
const MAX_GROWTH = 20 * 1024 * 1024

const junk = (): Record<string, string> =>
  Object.fromEntries(
    Array.from({ length: FIELDS }, () => [
      `f${randomBytes(6).toString("hex")}`,
      randomBytes(BODY_BYTES / FIELDS / 2).toString("hex"),
    ]),
  )

async function tableBytes(app: BenchApp): Promise<number> {
  const pg = app.container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await pg.raw(`select pg_total_relation_size('acquiring_notification') as n`)
  return Number(rows[0].n)
}

export async function runP8(app: BenchApp, deliveries = 10_000): Promise<BenchRow[]> {
  const before = await tableBytes(app)
  let sent = 0
  let refused = 0
  const t = performance.now()
  const client = async () => {
    while (sent < deliveries) {
      const n = ++sent
      const res = await postForm(`${app.url}/hooks/acquiring/notify`, { order_no: `P8-${n}`, ...junk() })
      if (res.status >= 400 && res.status < 500) refused++
    }
  }
  // A shopper checks out while the flood runs: paid, completed, an order.
  const checkout = (async () => {
    const c = performance.now()
    await new Promise((r) => setTimeout(r, 1_000))
    const placed = await placeOrder(app.api as never, app.seed, app.sandbox)
    return { ms: performance.now() - c - 1_000, ok: placed.order_id.startsWith("order_") }
  })()
  await Promise.all([client(), client(), client(), client()])
  const floodMs = performance.now() - t
  const shopper = await checkout
  // Rows are written after each answer: let the last ones land.
  await new Promise((r) => setTimeout(r, 2_000))
  const grown = (await tableBytes(app)) - before
  const mb = grown / 2 ** 20
  return [
    {
      id: "P8",
      what: `notification flood (${deliveries} × 90 KB forged)`,
      measured: `${deliveries} deliveries in ${(floodMs / 1000).toFixed(1)} s (${refused} refused 4xx); table +${mb.toFixed(2)} MB; checkout meanwhile ${shopper.ok ? "completed" : "FAILED"} in ${ms(shopper.ms)}`,
      value: `+${mb.toFixed(2)} MB`,
      target: "≤ 20 MB, checkout completes",
      pass: grown <= MAX_GROWTH && shopper.ok && refused === deliveries,
    },
  ]
}

if (require.main === module) runAloneWithApp((app) => runP8(app, Number(process.argv[2] ?? 10_000)))
