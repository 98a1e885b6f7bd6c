import type { CallOptions, GatewayClient } from "../../gateway/client-types"
import type { GatewayError } from "../../gateway/errors"
import type { CaptureOrder, RefundOrder, ReviewOrder } from "../../gateway/schemas/batch"
import { ENTRY_STATUS, PAYMENT_STATUS, REFUND_STATUS } from "../../gateway/status-codes"
import { pushTo } from "../push-to"

/** Gateway payment states after a capture, and after a void or decline (one table for every caller). */
export const GATEWAY_CAPTURED = new Set<string>([
  PAYMENT_STATUS.PAID,
  PAYMENT_STATUS.PARTIALLY_REFUNDED,
  PAYMENT_STATUS.REFUNDED,
])
export const GATEWAY_VOIDED = new Set<string>([PAYMENT_STATUS.CANCELLED, PAYMENT_STATUS.DECLINED])

export type BatchOperation = "capture" | "cancel" | "refund" | "review"

export interface GatewayOrderRef {
  order_no: string
  currency: string
  amount: string
  account_id?: string
}

export interface BatchEntry {
  ref: GatewayOrderRef
  transaction_id: string
  /** capture: the amount to capture (sent in `amount`); refund: `refund_amount`. */
  amount?: string
  refund_reason?: string
  review_flag?: ReviewOrder["review_flag"]
}

/** Per-order verdict of a batch call: ok with the gateway's entry, or why not (never throws for one order). */
export type EntryVerdict = { ok: true; entry: Record<string, unknown> } | { ok: false; error: string }

export const callOpts = (d: Pick<GatewayOrderRef, "account_id" | "currency">): CallOptions =>
  d.account_id ? { account_id: d.account_id } : { currency: d.currency }

export function byAccount<T>(
  items: T[],
  refOf: (t: T) => Pick<GatewayOrderRef, "account_id" | "currency">,
): Array<{ opts: CallOptions; items: T[] }> {
  const groups = new Map<string, T[]>()
  for (const t of items) pushTo(groups, JSON.stringify(callOpts(refOf(t))), t)
  return [...groups.values()].map((list) => ({ opts: callOpts(refOf(list[0])), items: list }))
}

export function batchOrder(op: BatchOperation, e: BatchEntry): CaptureOrder | RefundOrder | ReviewOrder {
  const base = {
    transaction_id: e.transaction_id,
    order_no: e.ref.order_no,
    currency: e.ref.currency,
    amount: e.ref.amount,
  }
  if (op === "capture") return { ...base, amount: e.amount ?? e.ref.amount }
  if (op === "refund") return { ...base, refund_amount: e.amount ?? "", refund_reason: e.refund_reason ?? "" }
  if (op === "review") return { ...base, review_flag: e.review_flag! }
  return base
}

const DONE: Record<BatchOperation, (e: Record<string, unknown>) => boolean> = {
  capture: (e) => e.capture_status === ENTRY_STATUS.OK,
  cancel: (e) => e.cancel_status === ENTRY_STATUS.OK,
  review: (e) => e.review_status === ENTRY_STATUS.OK,
  // Anything but an explicit failure may have moved money: recorded and followed, never sent again.
  refund: (e) => e.refund_status !== REFUND_STATUS.FAILED,
}

interface SplitAnswer {
  results: Array<Record<string, unknown>>
  failed: Array<{ error: GatewayError; orders: Array<{ order_no: string }> }>
}

/** Verdict per order_no: the entries of requests that answered; every order of a failed request gets its error. */
export function verdicts(op: BatchOperation, sent: string[], res: SplitAnswer): Map<string, EntryVerdict> {
  const out = new Map<string, EntryVerdict>()
  for (const f of res.failed) {
    const code = f.error.code ? ` ${f.error.code}` : ""
    for (const o of f.orders)
      out.set(o.order_no, { ok: false, error: `gateway ${f.error.kind}${code}: ${f.error.message}` })
  }
  for (const e of res.results) {
    const no = String(e.order_no)
    if (out.has(no)) continue
    const message = String(e.error_message || e.refund_message || "refused")
    out.set(no, DONE[op](e) ? { ok: true, entry: e } : { ok: false, error: `gateway refused: ${message}` })
  }
  for (const no of sent)
    if (!out.has(no)) out.set(no, { ok: false, error: "the gateway returned no result for this order" })
  return out
}

function call(
  client: GatewayClient,
  op: BatchOperation,
  orders: Array<CaptureOrder | RefundOrder | ReviewOrder>,
  opts: CallOptions,
) {
  if (op === "capture") return client.capture({ capture_orders: orders }, opts)
  if (op === "cancel") return client.cancel({ cancel_orders: orders }, opts)
  if (op === "refund") return client.refund({ refund_orders: orders as RefundOrder[] }, opts)
  return client.review({ review_orders: orders as ReviewOrder[] }, opts)
}

/** One operation for many orders: a request series per account, split by the operation's per-request limit. */
export async function sendBatch(
  client: GatewayClient,
  op: BatchOperation,
  entries: BatchEntry[],
): Promise<{ verdicts: Map<string, EntryVerdict>; requests: number }> {
  const out = new Map<string, EntryVerdict>()
  let requests = 0
  for (const group of byAccount(entries, (e) => e.ref)) {
    const orders = group.items.map((e) => batchOrder(op, e))
    const res = await call(client, op, orders, group.opts)
    requests += res.requests
    for (const [no, v] of verdicts(
      op,
      orders.map((o) => o.order_no),
      res as unknown as SplitAnswer,
    ))
      out.set(no, v)
  }
  return { verdicts: out, requests }
}

export type OneAnswer<E> =
  { done: true; entry: E } | { done: false; failure: GatewayError } | { done: false; refusal: string }

export async function sendOne<E = Record<string, unknown>>(
  client: GatewayClient,
  op: BatchOperation,
  e: BatchEntry,
): Promise<OneAnswer<E>> {
  const order = batchOrder(op, e)
  const res = await call(client, op, [order], callOpts(e.ref))
  if (res.failed.length) return { done: false, failure: res.failed[0].error }
  const entry = (res.results as Array<Record<string, unknown>>).find((r) => r.order_no === order.order_no)
  if (entry && DONE[op](entry)) return { done: true, entry: entry as E }
  return { done: false, refusal: String(entry?.error_message || entry?.refund_message || "no result") }
}
