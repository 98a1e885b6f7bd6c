/**
 * P9 payments overview: GET /admin/acquiring/overview over books of 100,000 gateway orders and
 * 20,000 notifications (written directly in SQL, spread over 30 days, with movements and
 * disputes), 30 days and 7 days. Target: each answered in ≤ 300 ms (median of 10 after a warm-up).
 *
 *   npx tsx bench/p9-overview.ts [orders=100000] [notifications=20000]
 */
import "./lib/quiet"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { type BenchApp, runAloneWithApp } from "./lib/app"
import { median, ms, type BenchRow } from "./lib/report"

const TARGET_MS = 300
const SAMPLES = 10

/** The books of a busy month: orders in every state and method, declines notified, captures, refunds, disputes. */
async function fillBooks(app: BenchApp, orders: number, notifications: number): Promise<void> {
  const pg = app.container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  await pg.raw(
    `insert into acquiring_gateway_order (id, order_no, provider_id, kind, payment_method, amount, raw_amount,
       currency_code, session_id, state, settled_at, page_expires_at, created_at)
     select 'agord_p9_' || i, 'P9O' || i,
       case when i % 5 = 0 then 'pp_acquiring-apm_acquiring' else 'pp_acquiring_acquiring' end,
       case when i % 5 = 0 then 'authorise' else 'checkout' end,
       case when i % 5 = 0 then 'wallet_' || (i % 3) end,
       (i % 997) + 0.99, '{}'::jsonb, case when i % 4 = 0 then 'usd' else 'eur' end, 'payses_p9_' || i,
       (array['attached','attached','attached','closed','closed','open','settled'])[1 + i % 7],
       case when i % 7 = 6 then now() - (i % 30) * interval '1 day' end,
       now() - (i % 30) * interval '1 day' + interval '1 hour',
       now() - (i % 30) * interval '1 day' - (i % 1440) * interval '1 minute'
     from generate_series(1, :orders) i`,
    { orders },
  )
  await pg.raw(
    `insert into acquiring_notification (id, hook, dialect, order_no, notify_type, verdict, reply_status, reply_body,
       fields, created_at)
     select 'agntf_p9_' || i, 'notify', 'current', 'P9O' || (i * 5 % :orders + 1), 'payment',
       case when i % 10 = 0 then 'refused' else 'accepted' end, case when i % 10 = 0 then 401 else 200 end,
       case when i % 10 = 0 then '{"type":"unauthorized","message":"signature does not verify"}' else 'success' end,
       jsonb_build_object('account_id', '100000101',
         'order_info', (array['0000:Approved','E0001:Declined','E0002:Insufficient funds','E0003:3DS'])[1 + i % 4]),
       now() - (i % 30) * interval '1 day'
     from generate_series(1, :notifications) i`,
    { orders, notifications },
  )
  await pg.raw(
    `insert into acquiring_movement (id, order_no, kind, source, outcome, amount, raw_amount, currency_code, created_at)
     select 'agmov_p9_' || i, 'P9O' || (i * 7), (array['capture','refund','cancel'])[1 + i % 3], 'bench', 'done',
       (i % 97) + 0.5, '{}'::jsonb, 'eur', now() - (i % 30) * interval '1 day'
     from generate_series(1, :n) i`,
    { n: Math.floor(orders / 10) },
  )
  await pg.raw(
    `insert into acquiring_dispute (id, dispute_id, order_no, payment_id, status, gateway_status, amount, raw_amount,
       deadline, opened_at, history, created_at)
     select 'agdsp_p9_' || i, 'D' || i, 'P9O' || (i * 11), 'pay_p9_' || i, 'opened', 'open', 5.5, '{}'::jsonb,
       to_char(now() + (i % 20) * interval '1 day', 'YYYY-MM-DD'), now()::text, '[]'::jsonb, now() - (i % 30) * interval '1 day'
     from generate_series(1, 500) i`,
  )
  await pg.raw(`analyze acquiring_gateway_order, acquiring_notification, acquiring_movement, acquiring_dispute`)
}

async function timed(app: BenchApp, query: string): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i <= SAMPLES; i++) {
    const t = performance.now()
    const res = await app.api.get(`/admin/acquiring/overview?${query}`, app.seed.admin)
    if (res.status !== 200) throw new Error(`overview answered ${res.status}`)
    if (i) samples.push(performance.now() - t)
  }
  return median(samples)
}

export async function runP9(app: BenchApp, orders = 100_000, notifications = 20_000): Promise<BenchRow[]> {
  await fillBooks(app, orders, notifications)
  const month = await timed(app, "period=30d")
  const week = await timed(app, "period=7d")
  return [
    {
      id: "P9",
      what: `overview (${orders} orders, ${notifications} notifications)`,
      measured: `30 days ${ms(month)}, 7 days ${ms(week)} (median of ${SAMPLES})`,
      value: ms(Math.max(month, week)),
      target: `≤ ${TARGET_MS} ms`,
      pass: month <= TARGET_MS && week <= TARGET_MS,
    },
  ]
}

if (require.main === module)
  runAloneWithApp((app) => runP9(app, Number(process.argv[2] ?? 100_000), Number(process.argv[3] ?? 20_000)))
