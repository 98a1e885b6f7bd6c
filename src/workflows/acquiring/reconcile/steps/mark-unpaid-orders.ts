import type { IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentCollectionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { moneyGone, ORDER_MARKS } from "../../../../lib/acquiring/order-money"
import { orderMoneyOf } from "../../../../lib/acquiring/queries/orders-money"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import { ordersTouchedOutside, type UnpaidEvent } from "../../../../lib/acquiring/reconcile/unpaid"
import { acquiringOf } from "../../../../modules/acquiring"

/** A books row's mark as it was before a step marked it (settled_at as ISO text: step data is stored as JSON). */
export interface RowMark {
  id: string
  settlement: string | null
  settlement_detail: string | null
  settled_at: string | null
}

/**
 * Mark an order's gateway order for *Unmatched payments* and the widget; false when missing or already
 * marked. `undo` collects what each marked row held, for the step's compensation.
 */
export async function markOrderRow(
  container: MedusaContainer,
  orderNo: string,
  mark: { settlement: string; detail: string },
  opts: { always?: boolean; undo?: RowMark[] } = {},
): Promise<boolean> {
  const books = acquiringOf(container)
  const [row] = await books.listGatewayOrders(
    { order_no: orderNo },
    { select: ["id", "settlement", "settlement_detail", "settled_at"] },
  )
  if (!row) {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
    logger.warn(
      `acquiring: gateway order ${orderNo} is not in the books; its order's mark (${mark.settlement}) is not listed`,
    )
    return false
  }
  if (row.settlement === mark.settlement && !opts.always) return false
  opts.undo?.push({
    id: row.id,
    settlement: row.settlement ?? null,
    settlement_detail: row.settlement_detail ?? null,
    settled_at: row.settled_at ? new Date(row.settled_at).toISOString() : null,
  })
  await books.updateGatewayOrders({
    id: row.id,
    settlement: mark.settlement,
    settlement_detail: mark.detail,
    settled_at: new Date(),
  })
  return true
}

/** The marks a failed run made, put back (last first), so the next run marks and announces them again. */
export async function restoreOrderRows(container: MedusaContainer, undo: RowMark[] | undefined): Promise<void> {
  const books = acquiringOf(container)
  for (const m of [...(undo ?? [])].reverse())
    await books.updateGatewayOrders({ ...m, settled_at: m.settled_at ? new Date(m.settled_at) : null })
}

/** Statuses that claim money the collection's canceled payments no longer hold. */
const CLAIMS_MONEY = new Set<string>([PaymentCollectionStatus.AUTHORIZED, PaymentCollectionStatus.PARTIALLY_AUTHORIZED])

/**
 * The payment module recomputes a collection's status on authorise or capture, not on cancel: a
 * voided authorisation leaves it `authorized`. Set `canceled` as Medusa's order cancel does.
 */
export async function cancelVoidedCollection(container: MedusaContainer, collectionId: string): Promise<boolean> {
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const collection = await payments.retrievePaymentCollection(collectionId, {
    select: ["id", "status"],
    relations: ["payments"],
  })
  const all = collection.payments ?? []
  if (!CLAIMS_MONEY.has(collection.status) || !all.length || all.some((p) => !p.canceled_at)) return false
  await payments.updatePaymentCollections(collectionId, { status: PaymentCollectionStatus.CANCELED })
  return true
}

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
