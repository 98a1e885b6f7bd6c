import type { MedusaContainer } from "@medusajs/framework/types"
import { GATEWAY_CAPTURED } from "../../../lib/acquiring/batch"
import { gatewayOfOrder, recordsByOrderNo, refundsByOrderNo } from "../../../lib/acquiring/gateways"
import { isKept } from "../../../lib/acquiring/kept"
import { cancel } from "../../../lib/acquiring/operations"
import { canceledOrderAction, ORDER_MARKS } from "../../../lib/acquiring/order-money"
import { paymentById, paymentsOfOrders, type PaymentView } from "../../../lib/acquiring/queries/payments"
import { graphOf } from "../../../lib/acquiring/queries/graph"
import { recordMovementsAfterSend } from "../../../lib/acquiring/books/movements"
import { recordCancel } from "../../../lib/acquiring/payments/record-cancel"
import { applyToPayment, type ReconcileChange } from "./apply"
import { cancelVoidedCollection } from "./collection-status"
import { markOrderRow } from "./order-marks"
import { refundCanceledOrder } from "./refund-canceled"
import { gatewayRef, settled } from "./steps/find-payment-drift"

export type CanceledSource = "cancel" | "reconciliation"

export interface CanceledMoneyEvent {
  order_id: string
  payment_id: string
  order_no: string
  settlement: "refunded" | "voided" | "reported"
  amount: string
  currency_code: string
  source: CanceledSource
}

export interface CanceledOutcome {
  changes: ReconcileChange[]
  event?: CanceledMoneyEvent
}

const PAGE = 200

/** Canceled orders whose acquiring payments are not settled: the only ones that can still hold money. */
export async function canceledOrdersToCheck(
  container: MedusaContainer,
  providerIds: string[],
  since: Date,
): Promise<{ order_id: string; payment_ids: string[] }[]> {
  const out: { order_id: string; payment_ids: string[] }[] = []
  for (let skip = 0; ; skip += PAGE) {
    const { data } = await graphOf(container).graph({
      entity: "order",
      fields: ["id"],
      filters: { status: "canceled", created_at: { $gte: since } },
      pagination: { skip, take: PAGE, order: { id: "ASC" } },
    })
    const byOrder = await paymentsOfOrders(
      container,
      data.map((o) => o.id as string),
    )
    for (const [order_id, views] of byOrder) {
      const open = views.filter((p) => providerIds.includes(p.provider_id) && !settled(p) && !isKept(p.data))
      if (open.length) out.push({ order_id, payment_ids: open.map((p) => p.id) })
    }
    if (data.length < PAGE) return out
  }
}

/**
 * Under the payment's lock: record what the gateway did, then refund a captured rest or void an
 * authorisation. `orphans: "report"`: listed, no money moved.
 */
export async function returnCanceledMoney(
  container: MedusaContainer,
  paymentId: string,
  orderId: string,
  source: CanceledSource,
): Promise<CanceledOutcome> {
  let view = await paymentById(container, paymentId, orderId)
  if (!view?.data || settled(view) || isKept(view.data)) return { changes: [] }
  const ref = gatewayRef(view.data)
  const { client, options } = await gatewayOfOrder(container, view.provider_id, ref.order_no)
  const record = (await recordsByOrderNo(client, [ref])).get(ref.order_no)
  const refunds = GATEWAY_CAPTURED.has(record?.payment_status ?? "")
    ? ((await refundsByOrderNo(client, [ref])).get(ref.order_no) ?? [])
    : []
  const changes = await applyToPayment(container, view, record, refunds)
  view = (await paymentById(container, paymentId, orderId))!
  const action = canceledOrderAction(
    { canceled: !!view.canceled_at, captured: view.captured, refunded: view.refunded },
    record?.payment_status,
  )
  if (action.kind === "none") {
    if (view.canceled_at) await cancelVoidedCollection(container, view.payment_collection_id)
    return { changes }
  }
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
    const marked = await markOrderRow(container, ref.order_no, { settlement: ORDER_MARKS.canceledHeld, detail })
    if (!marked) return { changes }
    return {
      changes: [...changes, { ...base, kind: "canceled_order_reported", detail }],
      event: { ...event, settlement: "reported" },
    }
  }
  if (action.kind === "refund") {
    const note = `Order canceled with money held at the gateway (${source})`
    await refundCanceledOrder(container, { payment_id: view.id, order_id: orderId, amount, note })
    await recordMovementsAfterSend(container, [{ ...movement(view, "refund"), amount }])
    const detail = `order canceled with ${amount} ${view.currency_code} captured: refunded in full`
    return {
      changes: [...changes, { ...base, kind: "canceled_order_refunded", detail }],
      event: { ...event, settlement: "refunded" },
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
