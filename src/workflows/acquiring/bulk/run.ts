import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { OrderRecord, RefundRecord } from "../../../gateway/schemas/transactions"
import { sendBatch, type BatchEntry, type EntryVerdict } from "../../../lib/acquiring/batch"
import type { CurrencyRule } from "../../../gateway/currencies"
import { paymentGatewayAmount } from "../../../lib/acquiring/money"
import { gatewaysFor, recordsByOrderNo, refundsByOrderNo } from "../../../lib/acquiring/gateways"
import { withPaymentLocks } from "../../../lib/acquiring/queries/locks"
import { paymentsOfOrders, type PaymentView } from "../../../lib/acquiring/queries/payments"
import { pushTo } from "../../../lib/push-to"
import { finishAll } from "./finish"
import { planCancel, planCapture, planRefund, type BulkOperation } from "./plan"
import type { BulkItem, BulkItemResult, BulkOptions, BulkReport, Work } from "./types"

export type { BulkItem, BulkItemResult, BulkOptions, BulkReport } from "./types"

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

/**
 * Capture, cancel or refund the acquiring payments of many orders: gateway requests of at most
 * 50 (per account), a result per order, one failure never blocks the others. All payments are
 * locked (across instances) while the call runs, and state is read from the gateway first, so
 * a retried call only records what the gateway already did and sends nothing twice.
 */
export async function runBulk(
  container: MedusaContainer,
  op: BulkOperation,
  given: BulkItem[],
  opts: BulkOptions = {},
): Promise<BulkReport> {
  // One entry per order (the first): an order listed twice must never be sent or recorded twice.
  const seen = new Set<string>()
  const items = given.filter((i) => !seen.has(i.order_id) && !!seen.add(i.order_id))
  const first = await paymentsOfOrders(
    container,
    items.map((i) => i.order_id),
    true,
  )
  const ids = [...new Set(items.flatMap((i) => pick(first.get(i.order_id) ?? [])?.id ?? []))]
  const locking = container.resolve(Modules.LOCKING)
  const run = () => bulkLocked(container, op, items, opts)
  return withPaymentLocks(locking, ids, run, 120)
}

async function bulkLocked(
  container: MedusaContainer,
  op: BulkOperation,
  items: BulkItem[],
  opts: BulkOptions,
): Promise<BulkReport> {
  const byOrder = await paymentsOfOrders(
    container,
    items.map((i) => i.order_id),
  )
  const marker = refundMarker(items, opts)
  const results = new Map<string, BulkItemResult>()
  const work: Work[] = []
  const gateway = gatewaysFor(container)
  const byProvider = new Map<string, Array<{ item: BulkItem; payment: PaymentView }>>()
  for (const item of items) {
    const payment = pick(byOrder.get(item.order_id) ?? [])
    if (!payment)
      results.set(item.order_id, {
        order_id: item.order_id,
        status: "not_found",
        error: "the order has no acquiring payment",
      })
    else pushTo(byProvider, payment.provider_id, { item, payment })
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
      for (const w of list)
        results.set(w.item.order_id, fail(w.item, w.payment, `gateway query failed: ${(e as Error).message}`))
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
      const refund =
        step.kind === "record" && step.refund_reference_id
          ? refunds.get(no)?.find((r) => r.refund_reference_id === step.refund_reference_id)
          : undefined
      work.push({ ...w, step, refund })
    }
  }
  const { verdict, requests } = await sendBatches(
    container,
    op,
    work.filter((w) => w.step.kind === "send"),
    marker,
  )
  // Recorded through Medusa's modules and workflows (captures as one batch); all payments are locked by this call.
  for (const res of await finishAll(container, op, work, verdict)) results.set(res.order_id, res)
  return { operation: op, gateway_requests: requests, results: items.map((i) => results.get(i.order_id)!) }
}

const fail = (item: BulkItem, payment: PaymentView, error: string): BulkItemResult => ({
  order_id: item.order_id,
  payment_id: payment.id,
  order_no: payment.data?.order_no,
  status: "failed",
  error,
})

/** The orders to send, per gateway (provider): one batch series each (lib/acquiring/batch.ts). */
async function sendBatches(
  container: MedusaContainer,
  op: BulkOperation,
  work: Work[],
  marker: string,
): Promise<{ verdict: Map<string, EntryVerdict>; requests: number }> {
  const verdict = new Map<string, EntryVerdict>()
  let requests = 0
  const byProvider = new Map<string, Work[]>()
  for (const w of work) pushTo(byProvider, w.payment.provider_id, w)
  for (const [providerId, list] of byProvider) {
    const { client, options } = gatewaysFor(container)(providerId)
    const entries = list.map((work) => gatewayEntry(work, marker, options.provider))
    const sent = await sendBatch(client, op, entries)
    requests += sent.requests
    for (const [no, v] of sent.verdicts) verdict.set(no, v)
  }
  return { verdict, requests }
}

/**
 * The batch entry of one order: Medusa's amount as the gateway takes this payment (a session
 * opened under currency_rounding half_up sent its amounts rounded, so captures and refunds are too).
 */
export function gatewayEntry(work: Work, marker: string, rule: CurrencyRule): BatchEntry {
  const data = work.payment.data!
  return {
    ref: data,
    transaction_id: data.transaction_id ?? "",
    amount: paymentGatewayAmount((work.step as { amount: string }).amount, data, rule),
    refund_reason: marker,
  }
}
