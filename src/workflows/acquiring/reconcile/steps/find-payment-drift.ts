import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYMENT_STATUS, REFUND_STATUS } from "../../../../gateway/status-codes"
import type { OrderRecord, RefundRecord } from "../../../../gateway/schemas/transactions"
import type { AcquiringProviderConfig } from "../../../../lib/acquiring/config"
import { gatewaysFor, recordsByOrderNo, refundsByOrderNo, type GatewayRef } from "../../../../lib/acquiring/gateways"
import { cents } from "../../../../lib/acquiring/money"
import { openPaymentPages } from "../../../../lib/acquiring/queries/payment-pages"
import { paymentsOfOrders, type PaymentView } from "../../../../lib/acquiring/queries/payments"
import { parseTracked } from "../../../../lib/acquiring/refunds"
import { needsApply } from "../apply"
import { hasOrphans, orphanRows } from "../orphans"
import type { ReconcileInput } from "../run"
import { eachTarget, type ReconcileTarget, type TargetPart } from "../targets"

export interface PaymentDrift {
  payment_id: string
  order_id?: string
  record?: OrderRecord
  refunds: RefundRecord[]
}

export type DriftPart = TargetPart & { drifted: PaymentDrift[] }

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
function mayHaveRefunds(p: PaymentView, record: OrderRecord | undefined): boolean {
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

/** One page of payments against the gateway's records; only payments that differ are carried on. */
async function driftOfPage(
  container: MedusaContainer,
  c: AcquiringProviderConfig,
  payments: PaymentView[],
  part: DriftPart,
): Promise<void> {
  const open = payments.filter((p) => !settled(p))
  part.payments_checked! += open.length
  if (!open.length) return
  const { client } = gatewaysFor(container)(c.provider_ids[0])
  const records = await recordsByOrderNo(
    client,
    open.map((p) => gatewayRef(p.data!)),
  )
  // Refunds exist only once captured: authorised, voided or unpaid orders are not asked about.
  const refundRefs = open
    .filter((p) => mayHaveRefunds(p, records.get(p.data!.order_no)))
    .map((p) => gatewayRef(p.data!))
  const refunds = refundRefs.length ? await refundsByOrderNo(client, refundRefs) : new Map<string, RefundRecord[]>()
  const grace = orphanGraceMs(c)
  for (const payment of open) {
    const no = payment.data!.order_no
    const orphaned = hasOrphans(orphanRows(payment, Date.now(), grace))
    if (!orphaned && !needsApply(payment, records.get(no), refunds.get(no) ?? [])) continue
    part.drifted.push({
      payment_id: payment.id,
      order_id: payment.order_id,
      record: records.get(no),
      refunds: refunds.get(no) ?? [],
    })
  }
}

/** Read-only: every open acquiring payment, page by page, against the gateway's records. */
export const findPaymentDriftStep = createStep(
  "acquiring-reconcile-find-payment-drift",
  async ({ input, targets }: { input: ReconcileInput; targets: ReconcileTarget[] }, { container }) => {
    const parts = await eachTarget(container, targets, undefined, async (c, target, base) => {
      const part = Object.assign(base, { payments_checked: 0, drifted: [] as PaymentDrift[] }) as DriftPart
      if (input.order_ids) {
        const payments = [...(await paymentsOfOrders(container, input.order_ids)).values()]
          .flat()
          .filter((p) => c.provider_ids.includes(p.provider_id))
        await driftOfPage(container, c, payments, part)
      } else {
        for await (const page of openPaymentPages(container, new Date(target.since), c.provider_ids))
          await driftOfPage(container, c, page, part)
      }
    })
    return new StepResponse(parts.map((p) => ({ drifted: [], payments_checked: 0, ...p })) as DriftPart[])
  },
)
