import { isAcquiringProvider } from "./config"
import { isKept, type KeptOutcome } from "./kept"
import { tryReadData } from "./payment-data"
import type { GraphRow } from "./queries/graph"

/** Collection statuses that mean the order's money is there again (authorised or captured). */
const PAID = new Set(["authorized", "completed", "partially_captured"])
/** Collections a kept authorisation can be recorded on (core-flows' order payment collections). */
const OPEN = new Set(["not_paid", "awaiting", "partially_authorized"])

/** A books row of a kept authorisation, as written; amounts are decimal strings as sent. */
export interface KeptRow {
  payment_id: string
  provider_id: string
  payment_collection_id: string
  order_id: string | null
  order_no: string
  amount: string
  currency_code: string
  since: Date
  capture_by: Date
}

export interface OrderKept {
  order_id: string
  canceled: boolean
  kept: KeptRow[]
  replacement_paid: boolean
  open: { id: string; amount: unknown; currency_code: string } | undefined
}

export type ReleaseOutcome = Extract<KeptOutcome, "voided_replacement_paid" | "voided_order_canceled">

/** The row an order edit's kept payment becomes; null when its data carries no live kept mark. */
export function keptRowOf(payment: GraphRow, collectionId: string, orderId: string | null): KeptRow | null {
  const data = tryReadData(payment.data)
  if (!isAcquiringProvider(payment.provider_id) || !isKept(data)) return null
  return {
    payment_id: payment.id,
    provider_id: payment.provider_id,
    payment_collection_id: collectionId,
    order_id: orderId,
    order_no: data.order_no,
    amount: data.amount,
    currency_code: data.currency,
    since: new Date(data.kept_authorisation.since),
    capture_by: new Date(data.kept_authorisation.capture_by),
  }
}

/** An order's collections beside its unreleased kept rows: is the replacement paid, which collection is open. */
export function keptOfOrder(order: GraphRow, rows: KeptRow[]): OrderKept {
  const collections = (order.payment_collections ?? []) as GraphRow[]
  const keptCollections = new Set(rows.map((k) => k.payment_collection_id))
  const others = collections.filter((c) => !keptCollections.has(c.id))
  const open = others.find((c) => OPEN.has(c.status))
  return {
    order_id: order.id,
    canceled: order.status === "canceled",
    kept: rows,
    replacement_paid: others.some((c) => PAID.has(c.status)),
    open: open && { id: open.id, amount: open.amount, currency_code: open.currency_code },
  }
}

export function outcomeOf(order: OrderKept): ReleaseOutcome | null {
  if (order.canceled) return "voided_order_canceled"
  if (order.replacement_paid) return "voided_replacement_paid"
  return null
}

export interface KeptRelease {
  order_id: string
  payment_id: string
  provider_id: string
  order_no: string
  outcome: ReleaseOutcome
}

/** Every kept authorisation no longer needed: its order canceled, or its replacement paid. */
export const releasesOf = (orders: OrderKept[]): KeptRelease[] =>
  orders.flatMap((order) => {
    const outcome = outcomeOf(order)
    if (!outcome) return []
    return order.kept.map((k) => ({
      order_id: order.order_id,
      payment_id: k.payment_id,
      provider_id: k.provider_id,
      order_no: k.order_no,
      outcome,
    }))
  })
