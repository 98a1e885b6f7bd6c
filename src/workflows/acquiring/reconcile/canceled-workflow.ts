import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { isKept } from "../../../lib/acquiring/kept"
import { ORDER_MONEY_EVENTS } from "../../../lib/acquiring/order-money"
import { MULTI_PAYMENT_GATE, paymentLockKeys } from "../../../lib/acquiring/queries/locks"
import { graphOf } from "../../../lib/acquiring/queries/graph"
import { paymentsOfOrders } from "../../../lib/acquiring/queries/payments"
import { acquireLocksStep } from "../bulk/steps/acquire-locks"
import { releaseLocksStep } from "../bulk/steps/release-locks"
import type { ReconcileChange } from "./apply"
import { returnCanceledMoney, type CanceledMoneyEvent, type CanceledSource } from "./canceled-orders"
import { settled } from "./steps/find-payment-drift"

export interface CanceledOrdersInput {
  order_ids: string[]
  source: CanceledSource
  /** Only payments of these providers; default every acquiring one. */
  provider_ids?: string[]
}

interface Item {
  order_id: string
  payment_id: string
}

const LOCK_WAIT_SECONDS = 120

/** A kept authorisation of an order edit is left to its own release. */
const canceledPaymentsStep = createStep(
  "acquiring-canceled-order-payments",
  async (input: CanceledOrdersInput, { container }) => {
    const { data } = await graphOf(container).graph({
      entity: "order",
      fields: ["id", "status"],
      filters: { id: input.order_ids },
    })
    const canceled = data.filter((o) => o.status === "canceled").map((o) => o.id as string)
    const items: Item[] = []
    for (const [order_id, views] of await paymentsOfOrders(container, canceled))
      for (const p of views)
        if (!settled(p) && !isKept(p.data) && (!input.provider_ids || input.provider_ids.includes(p.provider_id)))
          items.push({ order_id, payment_id: p.id })
    return new StepResponse(items)
  },
)

/** One failure never stops the others. No compensation: the gateway's part is final, Medusa's undoes itself. */
const returnCanceledMoneyStep = createStep(
  "acquiring-return-canceled-money",
  async ({ items, source }: { items: Item[]; source: CanceledSource }, { container }) => {
    const changes: ReconcileChange[] = []
    const events: CanceledMoneyEvent[] = []
    for (const item of items) {
      try {
        const out = await returnCanceledMoney(container, item.payment_id, item.order_id, source)
        changes.push(...out.changes)
        if (out.event) events.push(out.event)
      } catch (e) {
        changes.push({
          kind: "error",
          order_no: "",
          order_id: item.order_id,
          payment_id: item.payment_id,
          detail: `canceled order's money: ${(e as Error).message}`,
        })
      }
    }
    return new StepResponse({ changes, events })
  },
)

/**
 * Canceled orders whose gateway still holds money (a portal capture, a capture in flight, an
 * authorisation completed after the cancel) give it back: the payments → their locks (gate first,
 * sorted keys) → refund or void each → release → events (`acquiring.order.canceled_refunded`, or
 * `acquiring.order.canceled_held` when `orphans: "report"`).
 */
export const canceledOrdersWorkflow = createWorkflow(
  "acquiring-canceled-orders",
  (input: WorkflowData<CanceledOrdersInput>) => {
    const items = canceledPaymentsStep(input)
    const keys = transform({ items }, ({ items }) => paymentLockKeys(items.map((i) => i.payment_id)))
    const locks = acquireLocksStep({ keys, gate: MULTI_PAYMENT_GATE, timeout: LOCK_WAIT_SECONDS })
    const done = returnCanceledMoneyStep(
      transform({ items, input }, ({ items, input }) => ({ items, source: input.source })),
    )
    releaseLocksStep(locks)
    const events = transform({ done }, ({ done }) => ({
      refunded: done.events.filter((e) => e.settlement !== "reported"),
      held: done.events.filter((e) => e.settlement === "reported"),
    }))
    emitEventStep({ eventName: ORDER_MONEY_EVENTS.canceledRefunded, data: events.refunded }).config({
      name: "acquiring-emit-canceled-refunded",
    })
    emitEventStep({ eventName: ORDER_MONEY_EVENTS.canceledHeld, data: events.held }).config({
      name: "acquiring-emit-canceled-held",
    })
    return new WorkflowResponse(transform({ done }, ({ done }) => done.changes))
  },
)

/** Run canceledOrdersWorkflow for these orders; the lines of what it did. */
export async function returnCanceledOrdersMoney(
  container: MedusaContainer,
  orderIds: string[],
  source: CanceledSource,
  providerIds?: string[],
): Promise<ReconcileChange[]> {
  if (!orderIds.length) return []
  const input = { order_ids: orderIds, source, provider_ids: providerIds }
  const { result } = await canceledOrdersWorkflow(container).run({ input })
  return result
}
