import { PAYMENT_STATUS, REFUND_STATUS } from "../../../gateway/status-codes"
import { GATEWAY_CAPTURED, GATEWAY_VOIDED } from "../batch"
import type { OrderRecord, RefundRecord } from "../../../gateway/schemas/transactions"
import type { AcquiringProviderConfig } from "../config"
import type { GatewayRef } from "../gateways"
import { cents } from "../money"
import type { PaymentView } from "../queries/payments"
import { parseTracked, type TrackedRefund } from "../refunds"
import { reconcileDiff, type Diff } from "./diff"
import { hasOrphans, orphanRows } from "./orphans"

/** A payment whose Medusa record differs from the gateway's, with the gateway's side of it. */
export interface PaymentDrift {
  payment_id: string
  order_id?: string
  record?: OrderRecord
  refunds: RefundRecord[]
}

/** Nothing left to follow: canceled, or fully refunded with no refund still processing. */
export function settled(p: PaymentView): boolean {
  if (p.canceled_at || !p.data) return true
  const processing = parseTracked(p.data.refunds).some((r) => r.refund_status === REFUND_STATUS.PROCESSING)
  return !processing && cents(p.captured) > 0n && cents(p.refunded) >= cents(p.captured)
}

const BEFORE_CAPTURE = new Set<string>([
  PAYMENT_STATUS.WAITING_SHOPPER,
  PAYMENT_STATUS.REVIEW,
  PAYMENT_STATUS.AUTHORISED,
  PAYMENT_STATUS.CANCELLED,
  PAYMENT_STATUS.DECLINED,
])

/** Ask retrievalRefund about a payment unless the gateway shows it was never captured and Medusa tracks no refund. */
export function mayHaveRefunds(p: PaymentView, record: OrderRecord | undefined): boolean {
  if (parseTracked(p.data!.refunds).length || cents(p.refunded) > 0n) return true
  return !!record && !BEFORE_CAPTURE.has(record.payment_status ?? "")
}

export const gatewayRef = (d: { order_no: string; account_id?: string; currency: string }): GatewayRef => ({
  order_no: d.order_no,
  account_id: d.account_id,
  currency: d.currency,
})

/** Longer than any provider call can last: a younger unconfirmed row may still be in flight. */
export const orphanGraceMs = (c: AcquiringProviderConfig) => 2 * c.options.client.timeout_ms + 5_000

const changed = (a: TrackedRefund[], b: TrackedRefund[]) => JSON.stringify(a) !== JSON.stringify(b)

export function diffOfPayment(view: PaymentView, record: OrderRecord | undefined, refundRecords: RefundRecord[]): Diff {
  const medusa = {
    amount: view.amount,
    captured: view.captured,
    refunded: view.refunded,
    canceled: !!view.canceled_at,
    tracked: view.data!.refunds,
  }
  return reconcileDiff(medusa, record, refundRecords)
}

/** The tracked refunds the diff would write, or null when they stay as they are. */
export function refundsToWrite(view: PaymentView, diff: Diff): TrackedRefund[] | null {
  return changed(diff.refunds, (view.data!.refunds ?? []) as TrackedRefund[]) ? diff.refunds : null
}

/** Only drifted payments are locked and re-read, so payments in step with the gateway cost no query. */
export function needsApply(view: PaymentView, record: OrderRecord | undefined, refundRecords: RefundRecord[]): boolean {
  const diff = diffOfPayment(view, record, refundRecords)
  return diff.actions.length > 0 || refundsToWrite(view, diff) !== null
}

/** The open payments of a page that differ from the gateway's records (or hold an orphan row). */
export function driftsOf(
  open: PaymentView[],
  records: Map<string, OrderRecord>,
  refunds: Map<string, RefundRecord[]>,
  now: number,
  graceMs: number,
): PaymentDrift[] {
  const out: PaymentDrift[] = []
  for (const payment of open) {
    const no = payment.data!.order_no
    const orphaned = hasOrphans(orphanRows(payment, now, graceMs))
    if (!orphaned && !needsApply(payment, records.get(no), refunds.get(no) ?? [])) continue
    out.push({
      payment_id: payment.id,
      order_id: payment.order_id,
      record: records.get(no),
      refunds: refunds.get(no) ?? [],
    })
  }
  return out
}

/**
 * Whether Medusa's record of a gateway order can differ from the gateway's: only a capture or a void
 * there asks something of Medusa. Before capture no refund exists, so reconcileDiff finds nothing.
 */
export const gatewayMoved = (record: OrderRecord | undefined): boolean =>
  GATEWAY_CAPTURED.has(record?.payment_status ?? "") || GATEWAY_VOIDED.has(record?.payment_status ?? "")
