import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderRecord, RefundRecord } from "../../../../gateway/schemas/transactions"
import { orderRecords, orderRefunds } from "../../../../lib/acquiring/gateways"
import { paymentsOfOrders, type PaymentView } from "../../../../lib/acquiring/queries/payments"
import { pushTo } from "../../../../lib/push-to"
import { pickPayment } from "../../../../lib/acquiring/bulk/items"
import { planCancel, planCapture, planRefund, type BulkOperation } from "../../../../lib/acquiring/bulk/plan"
import type { BulkItem, BulkItemResult, Work } from "../../../../lib/acquiring/bulk/types"

export interface PlanBulkInput {
  operation: BulkOperation
  items: BulkItem[]
  marker: string
}

export interface PlannedBulk {
  /** Orders settled by the plan: no acquiring payment, or the gateway could not be asked. */
  results: BulkItemResult[]
  work: Work[]
}

const fail = (item: BulkItem, payment: PaymentView, error: string): BulkItemResult => ({
  order_id: item.order_id,
  payment_id: payment.id,
  order_no: payment.data?.order_no,
  status: "failed",
  error,
})

/** Read-only, under the payment locks: the gateway's state then the pure plan, so a retry only records. */
export const planBulkStep = createStep("acquiring-bulk-plan", async (input: PlanBulkInput, { container }) => {
  const { operation: op, items, marker } = input
  const byOrder = await paymentsOfOrders(
    container,
    items.map((i) => i.order_id),
  )
  const results: BulkItemResult[] = []
  const work: Work[] = []
  const byProvider = new Map<string, Array<{ item: BulkItem; payment: PaymentView }>>()
  for (const item of items) {
    const payment = pickPayment(byOrder.get(item.order_id) ?? [])
    if (!payment)
      results.push({ order_id: item.order_id, status: "not_found", error: "the order has no acquiring payment" })
    else pushTo(byProvider, payment.provider_id, { item, payment })
  }
  for (const [providerId, list] of byProvider) {
    const refs = list.map((w) => w.payment.data!)
    let records: Map<string, OrderRecord>
    let refunds = new Map<string, RefundRecord[]>()
    try {
      records = await orderRecords(container, providerId, refs)
      if (op === "refund") refunds = await orderRefunds(container, providerId, refs)
    } catch (e) {
      for (const w of list) results.push(fail(w.item, w.payment, `gateway query failed: ${(e as Error).message}`))
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
  return new StepResponse<PlannedBulk>({ results, work })
})
