import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { ORDER_MONEY_EVENTS } from "../../../lib/acquiring/order-money"
import { MULTI_PAYMENT_GATE, paymentLockKeys } from "../../../lib/acquiring/queries/locks"
import type { CanceledOrdersInput } from "../../../lib/acquiring/reconcile/canceled"
import { acquireLocksStep } from "../bulk/steps/acquire-locks"
import { releaseLocksStep } from "../bulk/steps/release-locks"
import { canceledPaymentsStep } from "./steps/canceled-payments"
import { planCanceledDriftStep } from "./steps/plan-canceled-drift"
import { recordEachItemStep } from "../items/steps/record-each-item"
import { recordCanceledRefundsStep } from "./steps/record-canceled-refunds"
import { returnCanceledMoneyStep } from "./steps/return-canceled-money"

const LOCK_WAIT_SECONDS = 120

/**
 * Canceled orders whose gateway still holds money give it back: the payments → their locks → what
 * the gateway did, recorded → void each or plan its refund → the refunds, an item each → release →
 * events (`canceled_refunded`, or `canceled_held` when `orphans: "report"`). Result: the lines.
 */
export const canceledOrdersWorkflow = createWorkflow(
  "acquiring-canceled-orders",
  (input: WorkflowData<CanceledOrdersInput>) => {
    const items = canceledPaymentsStep(input)
    const keys = transform({ items }, ({ items }) => paymentLockKeys(items.map((i) => i.payment_id)))
    const locks = acquireLocksStep({ keys, gate: MULTI_PAYMENT_GATE, timeout: LOCK_WAIT_SECONDS })
    const drift = planCanceledDriftStep({ items })
    const recordedDrift = recordEachItemStep(transform({ drift }, ({ drift }) => ({ items: drift.items }))).config({
      name: "acquiring-canceled-record-drift",
    })
    const planned = returnCanceledMoneyStep(
      transform({ drift, recordedDrift, input }, ({ drift, recordedDrift, input }) => ({
        drift,
        results: recordedDrift.results,
        source: input.source,
      })),
    )
    const refunded = recordEachItemStep(
      transform({ planned }, ({ planned }) => ({ items: planned.refunds.map((r) => r.item) })),
    ).config({ name: "acquiring-refund-canceled-orders" })
    const recorded = recordCanceledRefundsStep(
      transform({ planned, refunded }, ({ planned, refunded }) => ({
        refunds: planned.refunds,
        results: refunded.results,
      })),
    )
    releaseLocksStep(locks)
    const done = transform({ planned, recorded }, ({ planned, recorded }) => ({
      changes: [...planned.changes, ...recorded.changes],
      events: [...planned.events, ...recorded.events],
    }))
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
