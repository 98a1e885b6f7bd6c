import type { ConfigModule, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderRecord, RefundRecord } from "../../../../gateway/schemas/transactions"
import { writePaymentData } from "../../../../lib/acquiring/payment-data"
import { lockKey, paymentById, type PaymentView } from "../../../../lib/acquiring/queries/payments"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import type { ReconcileAction } from "../../../../lib/acquiring/reconcile/diff"
import {
  diffOfPayment,
  orphanGraceMs,
  refundsToWrite,
  settled,
  type PaymentDrift,
} from "../../../../lib/acquiring/reconcile/drift"
import { hasOrphans, orphanChanges, orphanRows } from "../../../../lib/acquiring/reconcile/orphans"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { refundedTotal } from "../../../../lib/acquiring/refunds"
import { recordCancel } from "../../../../lib/acquiring/payments/record-cancel"
import { recordCaptureWorkflow } from "../../payments/record-capture"
import { recordGatewayRefundWorkflow } from "../../payments/record-refund"

/**
 * Through Medusa's own workflows; the provider recognises what the gateway already did, so nothing is
 * sent twice. Call under the payment lock.
 */
export async function applyToPayment(
  container: MedusaContainer,
  view: PaymentView,
  record: OrderRecord | undefined,
  refundRecords: RefundRecord[],
): Promise<ReconcileChange[]> {
  const data = view.data!
  const diff = diffOfPayment(view, record, refundRecords)
  const base = { order_no: data.order_no, payment_id: view.id, order_id: view.order_id }
  // Claims are set one refund at a time, each undone if its Medusa refund fails.
  const refunds = refundsToWrite(view, diff)
  if (refunds) {
    const payments = container.resolve(Modules.PAYMENT) as IPaymentModuleService
    await writePaymentData(payments, view.id, { ...data, refunds, refunded_amount: refundedTotal(refunds) })
  }
  const out: ReconcileChange[] = []
  for (const a of diff.actions) {
    try {
      out.push(await applyAction(container, view, a, base))
    } catch (e) {
      out.push({ ...base, kind: "error", detail: `${a.type}: ${(e as Error).message}` })
      if (a.type === "capture") break // refunds need the capture first
    }
  }
  return out
}

/** Each movement through its one recording path (the payments workflows); the provider asks the gateway, which did it. */
async function applyAction(
  container: MedusaContainer,
  view: PaymentView,
  a: ReconcileAction,
  base: Pick<ReconcileChange, "order_no" | "payment_id" | "order_id">,
): Promise<ReconcileChange> {
  switch (a.type) {
    case "capture":
      await recordCaptureWorkflow(container).run({ input: { payment_id: view.id, amount: a.amount, sealed: null } })
      return { ...base, kind: "capture", amount: a.amount }
    case "cancel":
      await recordCancel(container, view.id)
      return { ...base, kind: "cancel" }
    case "refund":
      await recordGatewayRefundWorkflow(container).run({
        input: {
          payment_id: view.id,
          amount: a.amount,
          refund_reference_id: a.refund_reference_id,
          source: "reconciliation",
        },
      })
      return { ...base, kind: "refund", amount: a.amount, refund_reference_id: a.refund_reference_id }
    case "refund_status":
      return {
        ...base,
        kind: "refund_status",
        refund_reference_id: a.refund_reference_id,
        detail: `${a.from ?? "new"} → ${a.to}`,
      }
    case "refund_failed":
      return {
        ...base,
        kind: "refund_failed",
        amount: a.amount,
        refund_reference_id: a.refund_reference_id,
        detail: "the gateway reports this Medusa refund as failed; the money was not returned",
      }
    case "conflict":
      return { ...base, kind: "conflict", detail: a.detail }
  }
}

/** Medusa's unconfirmed capture and refund rows past their grace, deleted: the gateway decides. */
async function discardOrphans(container: MedusaContainer, view: PaymentView, graceMs: number) {
  const orphans = orphanRows(view, Date.now(), graceMs)
  if (!hasOrphans(orphans)) return []
  const payments = container.resolve(Modules.PAYMENT) as IPaymentModuleService
  if (orphans.captures.length) await payments.deleteCaptures(orphans.captures.map((c) => c.id))
  if (orphans.refunds.length) await payments.deleteRefunds(orphans.refunds.map((r) => r.id))
  return orphanChanges(view, orphans)
}

/**
 * Each payment re-read and changed under a cluster-wide lock, through Medusa's workflows. No compensation
 * here: undoing would bring back the very difference reconciliation removes.
 */
export const applyPaymentDriftStep = createStep(
  "acquiring-reconcile-apply-payment-drift",
  async ({ config_id, drifted }: { config_id: string; drifted: PaymentDrift[] }, { container }) => {
    const grace = orphanGraceMs(
      configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), config_id),
    )
    const locking = container.resolve(Modules.LOCKING)
    const changes: ReconcileChange[] = []
    for (const d of drifted) {
      const done = await locking.execute(
        lockKey(d.payment_id),
        async () => {
          let now = await paymentById(container, d.payment_id, d.order_id)
          if (!now) return []
          const discarded = await discardOrphans(container, now, grace)
          if (discarded.length) now = await paymentById(container, d.payment_id, d.order_id)
          if (!now || settled(now)) return discarded
          return [...discarded, ...(await applyToPayment(container, now, d.record, d.refunds))]
        },
        { timeout: 30 },
      )
      changes.push(...done)
    }
    return new StepResponse({ changes })
  },
)
