import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { gatewayOfOrder } from "../../../../lib/acquiring/gateways"
import { cancel } from "../../../../lib/acquiring/operations"
import { canceledOrderAction, ORDER_MARKS } from "../../../../lib/acquiring/order-money"
import { paymentById, type PaymentView } from "../../../../lib/acquiring/queries/payments"
import {
  canceledError,
  type CanceledCheck,
  type CanceledDrift,
  type CanceledMoneyEvent,
  type CanceledOutcome,
  type CanceledRefund,
  type CanceledSource,
} from "../../../../lib/acquiring/reconcile/canceled"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import { gatewayRef } from "../../../../lib/acquiring/reconcile/drift"
import { driftLines } from "../../../../lib/acquiring/reconcile/drift-plan"
import type { ItemResult } from "../../../../lib/acquiring/items/record-item"
import { recordMovementsAfterSend } from "../../../../lib/acquiring/books/movements"
import { recordCancel } from "../../../../lib/acquiring/payments/record-cancel"
import { markOrderRow, restoreOrderRows, type RowMark } from "../../../../lib/acquiring/books/order-marks"
import { cancelVoidedCollection } from "../../../../lib/acquiring/payments/voided-collection"

/** The books' line of a movement this sends for a canceled order. */
const movement = (view: PaymentView, kind: "cancel" | "refund") => ({
  order_no: view.data!.order_no,
  kind,
  source: "order_canceled",
  payment_id: view.id,
  amount: view.amount,
  currency_code: view.currency_code,
  outcome: "done" as const,
})

/**
 * Under the payment's lock, once what the gateway did is recorded: void an authorisation, or plan the
 * refund of a captured rest (its lines wait for it). `orphans: "report"`: listed, no money moved.
 */
async function returnCanceledMoney(
  container: MedusaContainer,
  check: CanceledCheck,
  changes: ReconcileChange[],
  source: CanceledSource,
  undo: RowMark[],
): Promise<CanceledOutcome & { refund?: CanceledRefund }> {
  const orderId = check.order_id
  const view = (await paymentById(container, check.payment_id, orderId))!
  const ref = gatewayRef(view.data!)
  const action = canceledOrderAction(
    { canceled: !!view.canceled_at, captured: view.captured, refunded: view.refunded },
    check.payment_status,
  )
  if (action.kind === "none") {
    if (view.canceled_at) await cancelVoidedCollection(container, view.payment_collection_id)
    return { changes }
  }
  const { client, options } = await gatewayOfOrder(container, view.provider_id, ref.order_no)
  const amount = action.kind === "refund" ? action.amount : view.amount
  const base = { order_no: ref.order_no, payment_id: view.id, order_id: orderId, amount }
  const event = {
    order_id: orderId,
    payment_id: view.id,
    order_no: ref.order_no,
    amount,
    currency_code: view.currency_code,
    source,
  }
  if (options.provider.orphans === "report") {
    const what = action.kind === "refund" ? "captured" : "authorised"
    const detail = `order ${orderId} was canceled with ${amount} ${view.currency_code} ${what} at the gateway; recorded for the admin, no money moved`
    const marked = await markOrderRow(
      container,
      ref.order_no,
      { settlement: ORDER_MARKS.canceledHeld, detail },
      { undo },
    )
    if (!marked) return { changes }
    return {
      changes: [...changes, { ...base, kind: "canceled_order_reported", detail }],
      event: { ...event, settlement: "reported" },
    }
  }
  if (action.kind === "refund") {
    const note = `Order canceled with money held at the gateway (${source})`
    const detail = `order canceled with ${amount} ${view.currency_code} captured: refunded in full`
    return {
      changes: [],
      refund: {
        item: { kind: "refund_canceled", payment_id: view.id, order_id: orderId, amount, note },
        movement: { ...movement(view, "refund"), amount },
        changes: [...changes, { ...base, kind: "canceled_order_refunded", detail }],
        event: { ...event, settlement: "refunded" },
      },
    }
  }
  const voided = await cancel(client, view.data!, { strict: true })
  await recordMovementsAfterSend(container, [
    { ...movement(view, "cancel"), answer: { payment_status: voided.payment_status ?? null } },
  ])
  await recordCancel(container, view.id)
  await cancelVoidedCollection(container, view.payment_collection_id)
  const detail = `order canceled with ${amount} ${view.currency_code} authorised: voided`
  return {
    changes: [...changes, { ...base, kind: "canceled_order_voided", detail }],
    event: { ...event, settlement: "voided" },
  }
}

/**
 * One failure never stops the others. The gateway's part is final and Medusa's undoes itself; only the
 * `report` marks are undone, as their event goes with the run. The refunds it plans run after it.
 */
export const returnCanceledMoneyStep = createStep(
  "acquiring-return-canceled-money",
  async (input: { drift: CanceledDrift; results: ItemResult[]; source: CanceledSource }, { container }) => {
    const { drift, results, source } = input
    const changes: ReconcileChange[] = [...drift.errors]
    const events: CanceledMoneyEvent[] = []
    const refunds: CanceledRefund[] = []
    const undo: RowMark[] = []
    for (const check of drift.checks) {
      try {
        const lines = driftLines(check.slots, drift.items, results)
        const out = await returnCanceledMoney(container, check, lines, source, undo)
        changes.push(...out.changes)
        if (out.event) events.push(out.event)
        if (out.refund) refunds.push(out.refund)
      } catch (e) {
        changes.push(canceledError(check, e))
      }
    }
    return new StepResponse({ changes, events, refunds }, undo)
  },
  async (undo, { container }) => {
    await restoreOrderRows(container, undo)
  },
)
