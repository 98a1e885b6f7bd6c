import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { moneyGone, ORDER_MARKS } from "../../../../lib/acquiring/order-money"
import { orderMoneyOf } from "../../../../lib/acquiring/queries/orders-money"
import { markOrderRow, restoreOrderRows, type RowMark } from "../../../../lib/acquiring/books/order-marks"

/**
 * After their reconciliation: a live order left without money is marked fulfilled unpaid, every time.
 * Undone if its event fails: reconciliation never announces a row already marked.
 */
export const flagUnpaidFulfilmentsStep = createStep(
  "acquiring-flag-unpaid-fulfilments",
  async ({ order_ids }: { order_ids: string[] }, { container }) => {
    const flagged: string[] = []
    const undo: RowMark[] = []
    for (const order of await orderMoneyOf(container, order_ids)) {
      if (order.canceled || !moneyGone(order.money)) continue
      const detail = `order ${order.order_id} was fulfilled but its money is gone at the gateway (voided or refunded outside Medusa): nothing to capture; ask for a new payment or stop the shipment`
      for (const no of order.order_nos)
        await markOrderRow(container, no, { settlement: ORDER_MARKS.unpaid, detail }, { always: true, undo })
      flagged.push(order.order_id)
    }
    return new StepResponse(flagged, undo)
  },
  async (undo, { container }) => {
    await restoreOrderRows(container, undo)
  },
)
