import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { markOrderRow, restoreOrderRows, type RowMark } from "../../../../lib/acquiring/books/order-marks"
import { moneyGone, ORDER_MARKS } from "../../../../lib/acquiring/order-money"
import { cancelVoidedCollection } from "../../../../lib/acquiring/payments/voided-collection"
import { orderMoneyOf } from "../../../../lib/acquiring/queries/orders-money"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import { ordersTouchedOutside, type UnpaidEvent } from "../../../../lib/acquiring/reconcile/unpaid"

/**
 * After the gateway's voids and refunds are recorded: a collection left `authorized` over canceled
 * payments is set `canceled`, and an order with no money left is marked and told. A later failure
 * drops the event, so the marks are undone (a marked row is never announced again); the collections stay.
 */
export const markUnpaidOrdersStep = createStep(
  "acquiring-reconcile-mark-unpaid-orders",
  async ({ applied }: { applied: ReconcileChange[] }, { container }) => {
    const out = { changes: [] as ReconcileChange[], events: [] as UnpaidEvent[] }
    const undo: RowMark[] = []
    const touched = ordersTouchedOutside(applied)
    if (!touched.size) return new StepResponse(out, undo)
    for (const order of await orderMoneyOf(container, [...touched.keys()])) {
      if (order.canceled) continue
      for (const id of order.collection_ids) await cancelVoidedCollection(container, id)
      if (!moneyGone(order.money)) continue
      const cause = touched.get(order.order_id)!
      const detail = `the gateway ${cause} the order's money outside Medusa (its portal): order ${order.order_id} has no money; ask for a new payment or cancel it`
      for (const no of order.order_nos)
        await markOrderRow(container, no, { settlement: ORDER_MARKS.unpaid, detail }, { undo })
      out.changes.push({ kind: "order_unpaid", order_no: order.order_nos[0] ?? "", order_id: order.order_id, detail })
      out.events.push({ order_id: order.order_id, order_nos: order.order_nos, cause })
    }
    return new StepResponse(out, undo)
  },
  async (undo, { container }) => {
    await restoreOrderRows(container, undo)
  },
)
