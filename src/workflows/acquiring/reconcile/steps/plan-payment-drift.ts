import type { ConfigModule, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderRecord, RefundRecord } from "../../../../gateway/schemas/transactions"
import { writePaymentData } from "../../../../lib/acquiring/payment-data"
import { recordCancel } from "../../../../lib/acquiring/payments/record-cancel"
import { paymentById, type PaymentView } from "../../../../lib/acquiring/queries/payments"
import { planActions, type DriftSlot } from "../../../../lib/acquiring/reconcile/drift-plan"
import {
  diffOfPayment,
  orphanGraceMs,
  refundsToWrite,
  settled,
  type PaymentDrift,
} from "../../../../lib/acquiring/reconcile/drift"
import type { PlannedItem } from "../../../../lib/acquiring/items/record-item"
import { hasOrphans, orphanChanges, orphanRows } from "../../../../lib/acquiring/reconcile/orphans"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { refundedTotal } from "../../../../lib/acquiring/refunds"

export interface DriftPlan {
  slots: DriftSlot[]
  /** The captures and refunds to record, one item workflow each, before the slots' lines hold. */
  items: PlannedItem[]
}

/**
 * A payment's difference planned under its lock: the refund claims written (each undone if its Medusa
 * refund fails) and a cancel recorded now; the capture and refunds become items for Medusa's own
 * workflows, which the provider recognises as done at the gateway, so nothing is sent twice.
 */
export async function planPayment(
  container: MedusaContainer,
  view: PaymentView,
  record: OrderRecord | undefined,
  refundRecords: RefundRecord[],
  items: PlannedItem[],
): Promise<DriftSlot[]> {
  const data = view.data!
  const diff = diffOfPayment(view, record, refundRecords)
  const base = { order_no: data.order_no, payment_id: view.id, order_id: view.order_id }
  const refunds = refundsToWrite(view, diff)
  if (refunds) {
    const payments = container.resolve(Modules.PAYMENT) as IPaymentModuleService
    await writePaymentData(payments, view.id, { ...data, refunds, refunded_amount: refundedTotal(refunds) })
  }
  const slots = planActions(diff.actions, base, items)
  for (const slot of slots) {
    if (!slot.cancel) continue
    try {
      await recordCancel(container, view.id)
    } catch (e) {
      slot.change = { ...base, kind: "error", detail: `cancel: ${(e as Error).message}` }
    }
  }
  return slots
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
 * Each drifted payment re-read under the locks the workflow holds, and planned. No compensation:
 * undoing would bring back the very difference reconciliation removes.
 */
export const planPaymentDriftStep = createStep(
  "acquiring-reconcile-plan-payment-drift",
  async ({ config_id, drifted }: { config_id: string; drifted: PaymentDrift[] }, { container }) => {
    const grace = orphanGraceMs(
      configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), config_id),
    )
    const plan: DriftPlan = { slots: [], items: [] }
    for (const d of drifted) {
      let now = await paymentById(container, d.payment_id, d.order_id)
      if (!now) continue
      const discarded = await discardOrphans(container, now, grace)
      plan.slots.push(...discarded.map((change) => ({ change })))
      if (discarded.length) now = await paymentById(container, d.payment_id, d.order_id)
      if (!now || settled(now)) continue
      plan.slots.push(...(await planPayment(container, now, d.record, d.refunds, plan.items)))
    }
    return new StepResponse(plan)
  },
)
