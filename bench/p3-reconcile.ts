/**
 * P3 reconciliation of 10,000 gateway transactions: one run of the plugin's reconcileWorkflow
 * (the scheduled job's and "sync now"'s) over 10,000 open acquiring payments whose gateway
 * orders exist on the sandbox. Measured: database queries (every pg query of this process),
 * gateway requests, wall time, heap growth (live heap, sampled after forced collections, over
 * the collected baseline). Targets: database queries ≤ 100, wall ≤ 3 s, heap growth ≤ 64 MB.
 *
 * The books (#26) hold the same 10,000 gateway orders, open, each with its Medusa session already
 * authorised: the run a store meets once the session route recorded them and the payments came,
 * so reconciliation's books step reads every one (1,000 a page) and marks it attached. The second
 * run (heap) finds none open.
 *
 *   npx tsx bench/p3-reconcile.ts [transactions=10000]
 *
 * Set-up (not timed): gateway orders by signed POST /v1/checkout and the sandbox shopper;
 * Medusa payments (authorised, in step with the gateway: the steady state a scheduled run
 * meets), their sessions and the books' rows inserted in bulk with SQL. The sandbox runs in this process: its answer cache is
 * filled before the baseline, so the heap growth is the reconciliation's.
 */
import "./lib/quiet"
import { Client } from "pg"
import { createGatewayClient } from "../src/gateway"
import { encodeXml } from "../src/gateway/codecs"
import { OPERATION_TABLE } from "../src/gateway/operations-table"
import { sign } from "../src/gateway/signing"
import { reconcileWorkflow } from "../src/workflows/acquiring/reconcile/workflow"
import { requestMark, requestsSince } from "../integration-tests/http/helpers/acquiring-orders"
import { type BenchApp, runAloneWithApp } from "./lib/app"
import type { BenchRow } from "./lib/report"

const M = "1000001"
const A = "100000101"
const KEY = "sandbox-key-1"
const RUN = Date.now().toString(36).toUpperCase()

/** BENCH_P3_BOOKS=0: the payments alone, as before the books (to see the books step's share). */
const WITH_BOOKS = process.env.BENCH_P3_BOOKS !== "0"

/** One reconciliation of the bench's config, as the scheduled job runs it. */
const reconcile = async (app: BenchApp) =>
  (await reconcileWorkflow(app.container).run({ input: { config_ids: ["acquiring"] } })).result

const orderNo = (i: number) => `RECB${RUN}${String(i).padStart(6, "0")}`

/** Gateway orders, 16 at a time, each paid by the shopper (authorised, 2000). */
async function gatewayOrders(app: BenchApp, n: number): Promise<Map<string, string>> {
  const tx = new Map<string, string>()
  let next = 0
  const worker = async () => {
    while (next < n) {
      const i = next++
      const p = {
        merchant_id: M,
        account_id: A,
        order_no: orderNo(i),
        currency: "EUR",
        amount: "10.00",
        return_url: "http://shop.test/r",
      }
      const res = await fetch(`${app.sandbox.url}/v1/checkout`, {
        method: "POST",
        headers: { "content-type": "application/xml" },
        // checkout takes the documented XML only (the sandbox is strict by default)
        body: encodeXml({ ...p, encryption_data: sign(p, OPERATION_TABLE.checkout.sign, KEY) }, "request"),
      })
      if (res.status !== 200)
        throw new Error(`checkout ${p.order_no}: ${res.status} ${(await res.text()).slice(0, 200)}`)
      await res.arrayBuffer()
      tx.set(p.order_no, app.sandbox.shopper.pay(p.order_no, { card: "4111111111111111" }).transaction_id)
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker))
  return tx
}

/** Medusa payments for those orders: collection + payment rows, 1,000 per statement. */
async function medusaPayments(app: BenchApp, tx: Map<string, string>): Promise<void> {
  const db = new Client({ connectionString: app.databaseUrl })
  await db.connect()
  try {
    const rows = [...tx.entries()].map(([order_no, transaction_id], i) => ({
      col: `paycol_recb${RUN.toLowerCase()}${i}`,
      pay: `pay_recb${RUN.toLowerCase()}${i}`,
      data: {
        order_no,
        currency: "EUR",
        amount: "10.00",
        variant: "hosted",
        account_id: A,
        transaction_id,
        payment_status: "2000",
      },
    }))
    for (let i = 0; i < rows.length; i += 1_000) {
      const part = JSON.stringify(rows.slice(i, i + 1_000))
      await db.query(
        `insert into payment_collection (id, currency_code, amount, raw_amount, authorized_amount, raw_authorized_amount, status)
         select r->>'col', 'eur', 10, '{"value":"10","precision":20}', 10, '{"value":"10","precision":20}', 'authorized' from jsonb_array_elements($1::jsonb) r`,
        [part],
      )
      // The session each payment came from (authorised), and its gateway order in the books, open.
      await db.query(
        `insert into payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, authorized_at, payment_collection_id)
         select 'payses_' || (r->>'pay'), 'eur', 10, '{"value":"10","precision":20}', 'pp_acquiring_acquiring', r->'data', 'authorized', now(), r->>'col'
         from jsonb_array_elements($1::jsonb) r`,
        [part],
      )
      if (WITH_BOOKS)
        await db.query(
          `insert into acquiring_gateway_order (id, order_no, provider_id, account_id, kind, amount, raw_amount, currency_code, session_id, payment_collection_id, state, page_expires_at)
         select 'agord_' || (r->>'pay'), r->'data'->>'order_no', 'pp_acquiring_acquiring', '${A}', 'checkout', 10, '{"value":"10","precision":20}', 'EUR',
                'payses_' || (r->>'pay'), r->>'col', 'open', now() + interval '1 hour'
         from jsonb_array_elements($1::jsonb) r`,
          [part],
        )
      await db.query(
        `insert into payment (id, amount, raw_amount, currency_code, provider_id, data, payment_collection_id, payment_session_id)
         select r->>'pay', 10, '{"value":"10","precision":20}', 'eur', 'pp_acquiring_acquiring', r->'data', r->>'col', 'payses_' || (r->>'pay')
         from jsonb_array_elements($1::jsonb) r`,
        [part],
      )
    }
  } finally {
    await db.end()
  }
}

/** The books' rows of this run the reconciliation marked attached (untimed, after the counted run). */
async function booksAttached(app: BenchApp): Promise<number> {
  const db = new Client({ connectionString: app.databaseUrl })
  await db.connect()
  try {
    const { rows } = await db.query(
      `select count(*)::int as n from acquiring_gateway_order where order_no like $1 and state = 'attached'`,
      [`RECB${RUN}%`],
    )
    return rows[0].n
  } finally {
    await db.end()
  }
}

/** Count every query this process sends to PostgreSQL (Medusa's knex uses pg's Client). */
function countQueries(): { count: () => number; stop: () => void } {
  const proto = Client.prototype as unknown as { query: (...a: unknown[]) => unknown }
  const original = proto.query
  let n = 0
  proto.query = function (this: unknown, ...args: unknown[]) {
    n++
    return original.apply(this, args)
  }
  return { count: () => n, stop: () => void (proto.query = original) }
}

/** Growth of the live heap (after forced collections) and of the raw heapUsed peak while `fn` runs. */
async function heapOf(fn: () => Promise<unknown>): Promise<{ live: number; peak: number }> {
  gc()
  await new Promise((r) => setTimeout(r, 100))
  const base = process.memoryUsage().heapUsed
  let live = 0
  let peak = 0
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed - base)
    gc()
    live = Math.max(live, process.memoryUsage().heapUsed - base)
  }
  const timer = setInterval(sample, 100)
  try {
    await fn()
  } finally {
    clearInterval(timer)
  }
  sample()
  return { live, peak }
}

function gc() {
  ;(globalThis as { gc?: () => void }).gc?.()
}

/**
 * The sandbox shares this process: one untimed retrieval pass over every order fills its
 * per-order answer cache, so the heap figure is the reconciliation's, not the sandbox's.
 */
async function warmSandbox(app: BenchApp, orderNos: string[]) {
  const client = createGatewayClient({
    merchant_id: M,
    accounts: [{ account_id: A, sign_key: KEY }],
    test_base_url: app.sandbox.url,
  })
  await client.retrieveTransactions({ orders: orderNos })
  await client.retrieveRefunds({ orders: orderNos.slice(0, 100) })
}

export async function runP3(app: BenchApp, n = 10_000): Promise<BenchRow[]> {
  const tx = await gatewayOrders(app, n)
  await medusaPayments(app, tx)
  await warmSandbox(app, [...tx.keys()])
  // Run 1: queries, requests and wall time, undisturbed.
  const mark = requestMark(app.sandbox)
  const queries = countQueries()
  const t = performance.now()
  let report
  try {
    report = await reconcile(app)
  } finally {
    queries.stop()
  }
  const wall = performance.now() - t
  const gatewayRequests =
    requestsSince(app.sandbox, "/v1/retrievalTrans", mark).length +
    requestsSince(app.sandbox, "/v1/retrievalRefund", mark).length
  const errors = report.changes.filter((c) => c.kind === "error")
  if (errors.length || report.payments_checked < n)
    throw new Error(`reconcile checked ${report.payments_checked} of ${n}: ${JSON.stringify(errors[0] ?? {})}`)
  const dbQueries = queries.count()
  const attached = WITH_BOOKS ? await booksAttached(app) : 0
  if (WITH_BOOKS && attached < n) throw new Error(`the books step attached ${attached} of ${n} gateway orders`)
  // Run 2 (same work: nothing changed): the live heap, sampled after a forced collection every
  // 100 ms, over the collected baseline. Peak heapUsed without collections is shown too (garbage V8 had not yet collected).
  const { live, peak } = await heapOf(() => reconcile(app))
  const growth = live / 2 ** 20
  // Each figure against its target, missed or not (the targets stay what they are).
  const against = (value: number, target: number, unit: string) =>
    `${value.toFixed(unit === "s" ? 2 : 0)} ${unit} / ≤ ${target} ${unit} ${value <= target ? "ok" : "MISSED"}`
  return [
    {
      id: "P3",
      what: `reconciliation of ${n} gateway transactions (${n} payments, ${WITH_BOOKS ? n : 0} gateway orders in the books)`,
      measured: `DB queries ${against(dbQueries, 100, "q")}; wall ${against(wall / 1000, 3, "s")}; live heap ${against(growth, 64, "MB")} (uncollected peak +${(peak / 2 ** 20).toFixed(0)} MB); ${gatewayRequests} gateway requests, ${report.changes.length} changes, ${attached} books rows attached`,
      value: `${dbQueries} q (+${gatewayRequests} gw), ${(wall / 1000).toFixed(2)} s, ${growth.toFixed(0)} MB`,
      target: "≤ 100 DB q, ≤ 3 s, ≤ 64 MB",
      // Queries are the database's; the gateway floor is one retrievalTrans per 100 orders (gateway-interface.md §8).
      pass: dbQueries <= 100 && wall <= 3_000 && growth <= 64,
    },
  ]
}

if (require.main === module) runAloneWithApp((app) => runP3(app, Number(process.argv[2] ?? 10_000)))
