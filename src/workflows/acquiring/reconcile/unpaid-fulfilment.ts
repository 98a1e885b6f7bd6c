import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { moneyGone, ORDER_MARKS, ORDER_MONEY_EVENTS } from "../../../lib/acquiring/order-money"
import { markOrderRow } from "./order-marks"
import { reconcile } from "./run"
import { orderMoneyOf } from "./unpaid"

/** Reconcile each first (a portal void is recorded), then flag an order left without money as fulfilled unpaid. */
export async function flagUnpaidFulfilments(container: MedusaContainer, orderIds: string[]): Promise<string[]> {
  if (!orderIds.length) return []
  await reconcile(container, { order_ids: orderIds })
  const flagged: string[] = []
  for (const order of await orderMoneyOf(container, orderIds)) {
    if (order.canceled || !moneyGone(order.money)) continue
    const detail = `order ${order.order_id} was fulfilled but its money is gone at the gateway (voided or refunded outside Medusa): nothing to capture; ask for a new payment or stop the shipment`
    for (const no of order.order_nos)
      await markOrderRow(container, no, { settlement: ORDER_MARKS.unpaid, detail }, { always: true })
    flagged.push(order.order_id)
  }
  if (flagged.length) {
    const bus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
    await bus.emit(flagged.map((order_id) => ({ name: ORDER_MONEY_EVENTS.fulfilledUnpaid, data: { order_id } })))
  }
  return flagged
}
