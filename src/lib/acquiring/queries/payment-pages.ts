import type { GraphRow } from "./graph"
import type { MedusaContainer } from "@medusajs/framework/types"
import { toView, type PaymentView } from "./payments"
import { pgConnection } from "./sql"

/** Capture or refund rows of the payment as one JSON array: one query per page, not per payment. */
const moneyRows = (table: "capture" | "refund") =>
  `coalesce((select json_agg(json_build_object('id', x.id, 'created_at', x.created_at, 'raw_amount', x.raw_amount, 'amount', x.amount) order by x.created_at)
     from "${table}" x where x.payment_id = p.id and x.deleted_at is null), '[]'::json) as ${table}s`

/**
 * Open acquiring payments created since `since`, page by page, keyset on (created_at, id), each
 * with its order id and its capture and refund rows: ⌈n / take⌉ queries (at least one). Read-only
 * SQL on Medusa's payment tables and its order↔payment-collection link table: through Query.graph
 * a page of 1,000 took about 0.5 s of ORM hydration and garbage collection, the whole of a
 * 10,000-payment run (bench/p3-reconcile.ts). Every change is still made through Medusa's
 * workflows, under the payment's lock.
 */
export async function* openPaymentPages(
  container: MedusaContainer,
  since: Date,
  providerIds: string[],
  take = 1000,
): AsyncGenerator<PaymentView[]> {
  if (!providerIds.length) return
  const knex = pgConnection(container)
  let after: { cursor: string; id: string } | undefined
  for (;;) {
    const q = knex("payment as p")
      .select(
        "p.id",
        "p.provider_id",
        "p.payment_collection_id",
        "p.currency_code",
        "p.amount",
        "p.raw_amount",
        "p.captured_at",
        "p.canceled_at",
        "p.created_at",
        "p.data",
        // The text form keeps PostgreSQL's microseconds, which a JS Date would drop from the cursor.
        knex.raw("p.created_at::text as cursor"),
        knex.raw(`(select l.order_id from order_payment_collection l
                   where l.payment_collection_id = p.payment_collection_id and l.deleted_at is null limit 1) as order_id`),
        knex.raw(moneyRows("capture")),
        knex.raw(moneyRows("refund")),
      )
      .whereNull("p.deleted_at")
      .whereNull("p.canceled_at")
      .where("p.created_at", ">=", since)
      .whereIn("p.provider_id", providerIds)
      .orderBy([{ column: "p.created_at" }, { column: "p.id" }])
      // One row past the page says whether another follows, so the last page is never an empty query.
      .limit(take + 1)
    if (after) q.whereRaw("(p.created_at, p.id) > (?::timestamptz, ?)", [after.cursor, after.id])
    const rows: GraphRow[] = await q
    const page = rows.slice(0, take)
    if (page.length) yield page.map((r) => toView(r, r.order_id ?? undefined))
    if (rows.length <= take) return
    after = { cursor: page[take - 1].cursor, id: page[take - 1].id }
  }
}

/** All of them at once (capture on fulfilment: the payments of one batch of orders). */
export async function openPayments(
  container: MedusaContainer,
  since: Date,
  providerIds: string[],
): Promise<PaymentView[]> {
  const all: PaymentView[] = []
  for await (const page of openPaymentPages(container, since, providerIds)) all.push(...page)
  return all
}
