import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { OrderRecord, RefundRecord } from "../../../gateway/schemas/transactions"
import { writePaymentData } from "../../../lib/acquiring/payment-data"
import { refundedTotal, type TrackedRefund } from "../../../lib/acquiring/refunds"
import type { PaymentView } from "../../../lib/acquiring/queries/payments"
import { reconcileDiff, type ReconcileAction } from "./diff"
import { recordCancel } from "../../../lib/acquiring/payments/record-cancel"
import { recordCaptureWorkflow } from "../payments/record-capture"
import { recordGatewayRefundWorkflow } from "../payments/record-refund"

export interface ReconcileChange {
  kind:
    | ReconcileAction["type"]
    | "cart_completed"
    | "cart_paid_not_completed"
    | "cart_unplaceable_settled"
    | "collection_authorized"
    | "held_authorized"
    | "held_declined"
    | "orphan_discarded"
    | "orphan_settled"
    | "orphan_reported"
    | "kept_voided"
    | "kept_expiring"
    | "canceled_order_refunded"
    | "canceled_order_voided"
    | "canceled_order_reported"
    | "order_unpaid"
    | "error"
  order_no: string
  payment_id?: string
  order_id?: string
  cart_id?: string
  amount?: string
  refund_reference_id?: string
  detail?: string
}

const changed = (a: TrackedRefund[], b: TrackedRefund[]) => JSON.stringify(a) !== JSON.stringify(b)

function diffOf(view: PaymentView, record: OrderRecord | undefined, refundRecords: RefundRecord[]) {
  const medusa = {
    amount: view.amount,
    captured: view.captured,
    refunded: view.refunded,
    canceled: !!view.canceled_at,
    tracked: view.data!.refunds,
  }
  return reconcileDiff(medusa, record, refundRecords)
}

/** Only drifted payments are locked and re-read, so payments in step with the gateway cost no query. */
export function needsApply(view: PaymentView, record: OrderRecord | undefined, refundRecords: RefundRecord[]): boolean {
  const data = view.data!
  const diff = diffOf(view, record, refundRecords)
  return diff.actions.length > 0 || changed(diff.refunds, (data.refunds ?? []) as TrackedRefund[])
}

/**
 * Through Medusa's own workflows; the provider recognises what the gateway already did, so nothing is
 * sent twice. Call under the payment lock. Run with the step's container: the list is known only at run time.
 */
export async function applyToPayment(
  container: MedusaContainer,
  view: PaymentView,
  record: OrderRecord | undefined,
  refundRecords: RefundRecord[],
): Promise<ReconcileChange[]> {
  const data = view.data!
  const diff = diffOf(view, record, refundRecords)
  const base = { order_no: data.order_no, payment_id: view.id, order_id: view.order_id }
  // Claims are set one refund at a time, each undone if its Medusa refund fails.
  const refunds = diff.refunds
  if (changed(refunds, (data.refunds ?? []) as TrackedRefund[])) {
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
