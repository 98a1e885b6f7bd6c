import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isAcquiringProvider } from "../config"
import { tryReadData, type AcquiringData } from "../payment-data"
import { cents, fromCents, toAmount } from "../money"
import type { GraphQuery, GraphRow } from "./graph"
import { LOCK_KEYS } from "../lock-keys"

/** What reconciliation, review and bulk operations need of a Medusa payment (amounts exact, two decimals). */
export interface PaymentView {
  id: string
  provider_id: string
  payment_collection_id: string
  order_id?: string
  currency_code: string
  amount: string
  captured: string
  refunded: string
  captured_at: string | null
  canceled_at: string | null
  data: AcquiringData | null
  /** Medusa's capture and refund rows (an unconfirmed one is left by a crash mid-call). */
  capture_rows: MoneyRow[]
  refund_rows: MoneyRow[]
}

export interface MoneyRow {
  id: string
  amount: string
  created_at: string | null
}

export const PAYMENT_FIELDS = [
  "id",
  "provider_id",
  "payment_collection_id",
  "currency_code",
  "amount",
  "raw_amount",
  "captured_at",
  "canceled_at",
  "created_at",
  "data",
  "captures.id",
  "captures.created_at",
  "captures.raw_amount",
  "captures.amount",
  "refunds.id",
  "refunds.created_at",
  "refunds.raw_amount",
  "refunds.amount",
]

export const centsOfRows = (rows: GraphRow[] | null | undefined): bigint =>
  (rows ?? []).reduce((s, r) => s + cents(toAmount(r?.raw_amount ?? r?.amount ?? 0)), 0n)

const sum = (rows: GraphRow[] | null | undefined) => fromCents(centsOfRows(rows))

export function toView(row: GraphRow, orderId?: string): PaymentView {
  return {
    id: row.id,
    provider_id: row.provider_id,
    payment_collection_id: row.payment_collection_id,
    order_id: orderId,
    currency_code: String(row.currency_code ?? "").toUpperCase(),
    amount: toAmount(row.raw_amount ?? row.amount),
    captured: sum(row.captures),
    refunded: sum(row.refunds),
    captured_at: row.captured_at ?? null,
    canceled_at: row.canceled_at ?? null,
    data: tryReadData(row.data),
    capture_rows: rowsOf(row.captures),
    refund_rows: rowsOf(row.refunds),
  }
}

const rowsOf = (rows: GraphRow[] | null | undefined): MoneyRow[] =>
  (rows ?? [])
    .filter((r) => r?.id)
    .map((r) => ({
      id: r.id,
      amount: toAmount(r.raw_amount ?? r.amount ?? 0),
      created_at: r.created_at ? new Date(r.created_at).toISOString() : null,
    }))

const query = (container: MedusaContainer) =>
  container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery

/** Fields enough to choose an order's payment (which to lock); its money rows are not read. */
const CHOOSING_FIELDS = PAYMENT_FIELDS.filter((f) => !f.includes("."))

/** Acquiring payments by order id; `choosing` skips the money rows (the first read, before locking). */
export async function paymentsOfOrders(
  container: MedusaContainer,
  orderIds: string[],
  choosing = false,
): Promise<Map<string, PaymentView[]>> {
  const out = new Map<string, PaymentView[]>(orderIds.map((id) => [id, []]))
  if (!orderIds.length) return out
  const { data } = await query(container).graph({
    entity: "order",
    fields: ["id", ...(choosing ? CHOOSING_FIELDS : PAYMENT_FIELDS).map((f) => `payment_collections.payments.${f}`)],
    filters: { id: [...new Set(orderIds)] },
  })
  for (const order of data) {
    const payments = (order.payment_collections ?? []).flatMap((c: GraphRow | null) => c?.payments ?? []) as GraphRow[]
    out.set(
      order.id,
      payments.filter((p) => p && isAcquiringProvider(p.provider_id)).map((p) => toView(p, order.id)),
    )
  }
  return out
}

/** One payment, re-read (inside a lock, before acting on it). */
export async function paymentById(
  container: MedusaContainer,
  id: string,
  orderId?: string,
): Promise<PaymentView | undefined> {
  const { data } = await query(container).graph({ entity: "payment", fields: PAYMENT_FIELDS, filters: { id } })
  return data[0] ? toView(data[0], orderId) : undefined
}

export const lockKey = LOCK_KEYS.payment
