import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { mapLimit } from "../../../gateway/concurrency"
import type { OrderRecord, RefundRecord } from "../../../gateway/schemas/transactions"
import type { RefundResult } from "../../../gateway/schemas/batch"
import { callOpts, gatewaysFor, recordsByOrderNo, refundsByOrderNo } from "../reconcile-shared/gateway"
import { withPaymentLocks } from "../reconcile-shared/locks"
import { paymentsOfOrders, type PaymentView } from "../reconcile-shared/payments"
import { planCancel, planCapture, planRefund, type BulkOperation, type BulkStep } from "./plan"
import { recordInMedusa } from "./record"
import { verdicts, type EntryVerdict } from "./results"

export interface BulkItem {
  order_id: string
  /** Refund only: amount to refund (two decimals); default what is left. */
  amount?: string
}

export interface BulkItemResult {
  order_id: string
  status: "captured" | "canceled" | "refunded" | "already_done" | "failed" | "not_found"
  payment_id?: string
  order_no?: string
  amount?: string
  refund_reference_id?: string
  /** true when the gateway had already done it (a retried call or a portal action): only recorded. */
  recorded_only?: boolean
  error?: string
}

export interface BulkReport {
  operation: BulkOperation
  /** Gateway batch requests made (≤ 50 orders each). */
  gateway_requests: number
  results: BulkItemResult[]
}

export interface BulkOptions {
  /** Refund only: free text sent as refund_reason (the idempotency marker is appended). */
  reason?: string
  /** Refund only: a retried call with the same key never refunds again; default derived from the items. */
  idempotency_key?: string
}

/** Orders recorded in Medusa at once after the gateway answered (bench P4). */
const RECORD_CONCURRENCY = 8

const DONE: Record<BulkOperation, BulkItemResult["status"]> = { capture: "captured", cancel: "canceled", refund: "refunded" }

/** The refund_reason marking this call's refunds at the gateway. */
export function refundMarker(items: BulkItem[], opts: BulkOptions): string {
  const key =
    opts.idempotency_key ??
    createHash("sha256")
      .update(JSON.stringify([...items].sort((a, b) => a.order_id.localeCompare(b.order_id))))
      .digest("hex")
      .slice(0, 16)
  return `${opts.reason ? `${opts.reason.slice(0, 900)} ` : ""}[medusa bulk ${key}]`
}

/** The payment a bulk call acts on: the order's live acquiring payment. */
const pick = (list: PaymentView[]) => list.find((p) => !p.canceled_at && p.data) ?? list.find((p) => p.data)

interface Work {
  item: BulkItem
  payment: PaymentView
  step: BulkStep
  refund?: RefundRecord
}

/**
 * Capture, cancel or refund the acquiring payments of many orders: gateway requests of at most
 * 50 (per account), a result per order, one failure never blocks the others. All payments are
 * locked (across instances) while the call runs, and state is read from the gateway first, so
 * a retried call only records what the gateway already did and sends nothing twice.
 */
export async function runBulk(container: MedusaContainer, op: BulkOperation, given: BulkItem[], opts: BulkOptions = {}): Promise<BulkReport> {
  // One entry per order (the first): an order listed twice must never be sent or recorded twice.
  const seen = new Set<string>()
  const items = given.filter((i) => !seen.has(i.order_id) && !!seen.add(i.order_id))
  const first = await paymentsOfOrders(container, items.map((i) => i.order_id))
  const ids = [...new Set(items.flatMap((i) => (pick(first.get(i.order_id) ?? []) ? [pick(first.get(i.order_id)!)!.id] : [])))]
  const locking = container.resolve(Modules.LOCKING)
  const run = () => bulkLocked(container, op, items, opts)
  return withPaymentLocks(locking, ids, run, 120)
}

async function bulkLocked(container: MedusaContainer, op: BulkOperation, items: BulkItem[], opts: BulkOptions): Promise<BulkReport> {
  const byOrder = await paymentsOfOrders(container, items.map((i) => i.order_id))
  const marker = refundMarker(items, opts)
  const results = new Map<string, BulkItemResult>()
  const work: Work[] = []
  const gateway = gatewaysFor(container)
  const byProvider = new Map<string, Array<{ item: BulkItem; payment: PaymentView }>>()
  for (const item of items) {
    const payment = pick(byOrder.get(item.order_id) ?? [])
    if (!payment) results.set(item.order_id, { order_id: item.order_id, status: "not_found", error: "the order has no acquiring payment" })
    else byProvider.set(payment.provider_id, [...(byProvider.get(payment.provider_id) ?? []), { item, payment }])
  }
  for (const [providerId, list] of byProvider) {
    const { client } = gateway(providerId)
    const refs = list.map((w) => w.payment.data!)
    let records: Map<string, OrderRecord>
    let refunds = new Map<string, RefundRecord[]>()
    try {
      records = await recordsByOrderNo(client, refs)
      if (op === "refund") refunds = await refundsByOrderNo(client, refs)
    } catch (e) {
      for (const w of list) results.set(w.item.order_id, fail(w.item, w.payment, `gateway query failed: ${(e as Error).message}`))
      continue
    }
    for (const w of list) {
      const no = w.payment.data!.order_no
      const step =
        op === "capture"
          ? planCapture(w.payment, records.get(no))
          : op === "cancel"
            ? planCancel(w.payment, records.get(no))
            : planRefund(w.payment, refunds.get(no) ?? [], marker, w.item.amount)
      const refund = step.kind === "record" && step.refund_reference_id ? refunds.get(no)?.find((r) => r.refund_reference_id === step.refund_reference_id) : undefined
      work.push({ ...w, step, refund })
    }
  }
  const { verdict, requests } = await sendBatches(container, op, work.filter((w) => w.step.kind === "send"), marker)
  // Each order is recorded through Medusa's own workflows; a few at a time (distinct payments, all locked by this call).
  await mapLimit(work, RECORD_CONCURRENCY, async (w) => results.set(w.item.order_id, await finish(container, op, w, verdict.get(w.payment.data!.order_no))))
  return { operation: op, gateway_requests: requests, results: items.map((i) => results.get(i.order_id)!) }
}

const fail = (item: BulkItem, p: PaymentView, error: string): BulkItemResult => ({
  order_id: item.order_id,
  payment_id: p.id,
  order_no: p.data?.order_no,
  status: "failed",
  error,
})

async function sendBatches(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work[],
  marker: string,
): Promise<{ verdict: Map<string, EntryVerdict>; requests: number }> {
  const verdict = new Map<string, EntryVerdict>()
  let requests = 0
  const groups = new Map<string, Work[]>()
  for (const w of work) {
    const key = `${w.payment.provider_id}|${JSON.stringify(callOpts(w.payment.data!))}`
    groups.set(key, [...(groups.get(key) ?? []), w])
  }
  for (const group of groups.values()) {
    const { client } = gatewaysFor(container)(group[0].payment.provider_id)
    const call = callOpts(group[0].payment.data!)
    const stepAmount = (w: Work) => (w.step as { amount: string }).amount
    const orders = group.map((w) => ({
      transaction_id: w.payment.data!.transaction_id ?? "",
      order_no: w.payment.data!.order_no,
      currency: w.payment.data!.currency,
      // The gateway order's amount; capture sends the amount to capture in the same field.
      amount: op === "capture" ? stepAmount(w) : w.payment.data!.amount,
      ...(op === "refund" ? { refund_amount: stepAmount(w), refund_reason: marker } : {}),
    }))
    const res =
      op === "capture"
        ? await client.capture({ capture_orders: orders }, call)
        : op === "cancel"
          ? await client.cancel({ cancel_orders: orders }, call)
          : await client.refund({ refund_orders: orders as never }, call)
    requests += res.requests
    const v = verdicts(op, orders.map((o) => o.order_no), res as never)
    for (const [k, val] of v) verdict.set(k, val)
  }
  return { verdict, requests }
}

async function finish(container: MedusaContainer, op: BulkOperation, w: Work, v: EntryVerdict | undefined): Promise<BulkItemResult> {
  const base = { order_id: w.item.order_id, payment_id: w.payment.id, order_no: w.payment.data!.order_no }
  const s = w.step
  if (s.kind === "done") return { ...base, status: "already_done" }
  if (s.kind === "refuse") return { ...base, status: "failed", error: s.reason }
  if (s.kind === "send" && (!v || !v.ok)) return { ...base, status: "failed", error: v && !v.ok ? v.error : "not sent" }
  const refund = s.kind === "send" && op === "refund" && v?.ok ? (v.entry as RefundResult) : w.refund
  try {
    await recordInMedusa(container, op, w.payment, s.amount, refund, s.kind === "record" ? "gateway" : "medusa")
  } catch (e) {
    return {
      ...base,
      status: "failed",
      amount: s.amount,
      error: `the gateway did it; recording in Medusa failed (retry the call or run reconciliation): ${(e as Error).message}`,
    }
  }
  return {
    ...base,
    status: DONE[op],
    amount: s.amount,
    ...(refund ? { refund_reference_id: refund.refund_reference_id } : {}),
    ...(s.kind === "record" ? { recorded_only: true } : {}),
  }
}
