import type { FilterablePaymentProps, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { pagesAhead } from "../../ahead"
import { pushTo } from "../../push-to"
import type { GraphRow } from "./graph"
import { ordersOfCollections } from "./order-links"
import { PAYMENT_FIELDS, toView, type PaymentView } from "./payments"

/** The payment columns toView reads (created_at is no key: see openPaymentPages). */
export const PAGE_FIELDS = PAYMENT_FIELDS.filter((f) => !f.includes(".") && f !== "canceled_at" && f !== "created_at")
const MONEY_FIELDS = ["id", "payment_id", "created_at", "amount", "raw_amount"]

/** Capture and refund rows by payment id, one query each: as relations the ORM would build a collection per payment. */
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
 * Open payments page by page, the next read ahead. Keyset on the id: Medusa's ids grow with time, and the
 * ORM drops created_at's microseconds.
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
  return { views: await viewsOfRows(container, page), next }
}

/** Payment rows (PAGE_FIELDS) as views: their capture and refund rows and their orders, in two reads at once. */
export async function viewsOfRows(container: MedusaContainer, page: GraphRow[]): Promise<PaymentView[]> {
  if (!page.length) return []
  const [money, orders] = await Promise.all([
    moneyRowsOf(
      container.resolve(Modules.PAYMENT),
      page.map((p) => p.id),
    ),
    ordersOfCollections(
      container,
      page.map((p) => p.payment_collection_id),
    ),
  ])
  return page.map((p) =>
    toView(
      { ...p, captures: money.captures.get(p.id), refunds: money.refunds.get(p.id) },
      orders.get(p.payment_collection_id),
    ),
  )
}
