import type { FilterablePaymentProps, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { pagesAhead } from "../../ahead"
import { pushTo } from "../../push-to"
import type { GraphRow } from "./graph"
import { ordersOfCollections } from "./order-links"
import { PAYMENT_FIELDS, toView, type PaymentView } from "./payments"

/**
 * What toView reads of a payment on a page: its own columns (captures and refunds are read apart),
 * without canceled_at (filtered to null) and created_at (no key, see below).
 */
const PAGE_FIELDS = PAYMENT_FIELDS.filter((f) => !f.includes(".") && f !== "canceled_at" && f !== "created_at")
const MONEY_FIELDS = ["id", "payment_id", "created_at", "amount", "raw_amount"]

/**
 * The capture and refund rows of these payments, oldest first, keyed by payment id: one query
 * each for the page. Read beside the payments rather than as their relations, which the ORM
 * would populate into a collection on every payment of the page, most of them empty.
 */
async function moneyRowsOf(payments: IPaymentModuleService, ids: string[]) {
  const config = { select: MONEY_FIELDS, order: { created_at: "ASC", id: "ASC" } } as const
  const [captures, refunds] = await Promise.all([
    payments.listCaptures({ payment_id: ids }, config),
    payments.listRefunds({ payment_id: ids }, config),
  ])
  const byPayment = (rows: GraphRow[]) => {
    const out = new Map<string, GraphRow[]>()
    for (const r of rows) pushTo(out, r.payment_id as string, r)
    return out
  }
  return { captures: byPayment(captures), refunds: byPayment(refunds) }
}

type Page = { views: PaymentView[]; next?: string }

/**
 * Open acquiring payments created since `since`, page by page, each with its order id and its
 * capture and refund rows, through the payment module's list methods and Query's order link: a
 * page is one query for the payments (⌈n / take⌉ of them, at least one) and one each for their
 * captures, refunds and orders. Keyset on the primary key: Medusa's ids grow with creation time,
 * and a row changed mid-run moves no other row from its page (an offset would); created_at is no
 * key, as the ORM hands it back without PostgreSQL's microseconds. Only the fields reconciliation
 * reads are selected: the ORM's cost is per payment and per field (bench/p3-reconcile.ts). The
 * next page is read while the caller works on this one (its gateway requests): pages are disjoint.
 */
export async function* openPaymentPages(
  container: MedusaContainer,
  since: Date,
  providerIds: string[],
  take = 1000,
): AsyncGenerator<PaymentView[]> {
  if (!providerIds.length) return
  const read = (after?: string) => readPage(container, { since, providerIds, take, after })
  for await (const page of pagesAhead(read, (p) => p.next)) if (page.views.length) yield page.views
}

async function readPage(
  container: MedusaContainer,
  q: { since: Date; providerIds: string[]; take: number; after?: string },
): Promise<Page> {
  const payments = container.resolve(Modules.PAYMENT)
  // provider_id and a null canceled_at are columns the module filters on but its filter type does not list.
  const filters = {
    provider_id: q.providerIds,
    canceled_at: null,
    created_at: { $gte: q.since },
    ...(q.after ? { id: { $gt: q.after } } : {}),
  } as unknown as FilterablePaymentProps
  // One row past the page says whether another follows, so the last page is never an empty query.
  const rows = (await payments.listPayments(filters, {
    select: PAGE_FIELDS,
    order: { id: "ASC" },
    take: q.take + 1,
  })) as GraphRow[]
  const page = rows.slice(0, q.take)
  const next = rows.length > q.take ? page[q.take - 1].id : undefined
  if (!page.length) return { views: [], next }
  const [money, orders] = await Promise.all([
    moneyRowsOf(
      payments,
      page.map((p) => p.id),
    ),
    ordersOfCollections(
      container,
      page.map((p) => p.payment_collection_id),
    ),
  ])
  const views = page.map((p) =>
    toView(
      { ...p, captures: money.captures.get(p.id), refunds: money.refunds.get(p.id) },
      orders.get(p.payment_collection_id),
    ),
  )
  return { views, next }
}
