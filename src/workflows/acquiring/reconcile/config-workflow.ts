import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { ORDER_MONEY_EVENTS } from "../../../lib/acquiring/order-money"
import { MULTI_PAYMENT_GATE, paymentLockKeys } from "../../../lib/acquiring/queries/locks"
import { RECONCILE_CONFIG_WORKFLOW } from "../../../lib/acquiring/reconcile/runs"
import type { ReconcileTarget } from "../../../lib/acquiring/reconcile/report"
import { acquireLocksStep } from "../bulk/steps/acquire-locks"
import { releaseLocksStep } from "../bulk/steps/release-locks"
import { settleKeptAuthorisationsWorkflow } from "../kept/settle"
import { canceledOrdersWorkflow } from "./canceled-workflow"
import { applyPaymentDriftStep } from "./steps/apply-payment-drift"
import { planPaymentDriftStep } from "./steps/plan-payment-drift"
import { canceledOrdersToCheckStep } from "./steps/canceled-orders-to-check"
import { configReportStep } from "./steps/config-report"
import { findOpenSessionsStep } from "./steps/find-open-sessions"
import { findPaymentDriftStep } from "./steps/find-payment-drift"
import { keptOrdersToCheckStep } from "./steps/kept-orders-to-check"
import { markUnpaidOrdersStep } from "./steps/mark-unpaid-orders"
import { reconcileBooksStep } from "./steps/reconcile-books"
import { reconcileCartsStep } from "./steps/reconcile-carts"
import { recordEachItemStep } from "../items/steps/record-each-item"
import { reconcileHeldStep } from "./steps/reconcile-held"
import { reconcileKeptStep } from "./steps/reconcile-kept"
import { planUnplaceableStep } from "./steps/plan-unplaceable"
import { reportCartsStep } from "./steps/report-carts"
import { reportHeldStep } from "./steps/report-held"
import { reportOrphansStep } from "./steps/report-orphans"

const LOCK_WAIT_SECONDS = 120

/**
 * One provider config: payments against the gateway → the drift applied → open sessions → held
 * reviews → open carts → the books → orders left unpaid → canceled orders still holding money →
 * kept authorisations → its report. Not stored: it runs in its caller's process. A failed run keeps
 * what the gateway did, so the next goes on from there; its own steps undo only locks, and marks whose event it drops.
 */
export const reconcileConfigWorkflow = createWorkflow(
  RECONCILE_CONFIG_WORKFLOW,
  (target: WorkflowData<ReconcileTarget>) => {
    const found = findPaymentDriftStep(target)
    // The drifted payments' locks (gate first, sorted keys) over planning and recording their drift.
    const keys = transform({ found }, ({ found }) => paymentLockKeys(found.drifted.map((d) => d.payment_id)))
    const locks = acquireLocksStep({ keys, gate: MULTI_PAYMENT_GATE, timeout: LOCK_WAIT_SECONDS })
    const drift = planPaymentDriftStep(
      transform({ target, found }, ({ target, found }) => ({ config_id: target.config_id, drifted: found.drifted })),
    )
    const recorded = recordEachItemStep(transform({ drift }, ({ drift }) => ({ items: drift.items }))).config({
      name: "acquiring-reconcile-record-drift",
    })
    releaseLocksStep(locks)
    const applied = applyPaymentDriftStep(
      transform({ drift, recorded }, ({ drift, recorded }) => ({ ...drift, results: recorded.results })),
    )
    const sessions = findOpenSessionsStep(target)
    const heldPlan = reconcileHeldStep({ target, sessions })
    const authorised = recordEachItemStep(
      transform({ heldPlan }, ({ heldPlan }) => ({ items: heldPlan.items })),
    ).config({ name: "acquiring-reconcile-authorise-held" })
    const held = reportHeldStep(
      transform({ heldPlan, authorised }, ({ heldPlan, authorised }) => ({
        plan: heldPlan,
        results: authorised.results,
      })),
    )
    const cartPlan = reconcileCartsStep({ target, sessions })
    const completed = recordEachItemStep(transform({ cartPlan }, ({ cartPlan }) => ({ items: cartPlan.items }))).config(
      { name: "acquiring-reconcile-complete-carts" },
    )
    const unplaceable = planUnplaceableStep(
      transform({ cartPlan, completed }, ({ cartPlan, completed }) => ({
        plan: cartPlan,
        results: completed.results,
      })),
    )
    const givenBack = recordEachItemStep(
      transform({ unplaceable }, ({ unplaceable }) => ({ items: unplaceable.items })),
    ).config({ name: "acquiring-reconcile-settle-unplaceable" })
    const carts = reportCartsStep(
      transform({ cartPlan, completed, unplaceable, givenBack }, (d) => ({
        plan: d.cartPlan,
        results: d.completed.results,
        settled: { ...d.unplaceable, results: d.givenBack.results },
      })),
    )
    const followed = reconcileBooksStep({ target, sessions })
    const orphans = recordEachItemStep(
      transform({ followed }, ({ followed }) => ({
        items: followed.orphans.map((o) => ({ kind: "settle_orphan" as const, ...o })),
        stop_on_error: true,
      })),
    ).config({ name: "acquiring-reconcile-settle-orphans" })
    const books = reportOrphansStep(orphans)
    const unpaid = markUnpaidOrdersStep(transform({ applied }, ({ applied }) => ({ applied: applied.changes })))
    emitEventStep({
      eventName: ORDER_MONEY_EVENTS.unpaid,
      data: transform({ unpaid }, ({ unpaid }) => unpaid.events),
    }).config({ name: "acquiring-emit-order-unpaid" })
    const canceled = canceledOrdersToCheckStep(target)
    const returned = canceledOrdersWorkflow.runAsStep({
      input: transform({ canceled }, ({ canceled }) => ({ ...canceled, source: "reconciliation" as const })),
    })
    const keptOrders = keptOrdersToCheckStep(target)
    const settledKept = when("acquiring-reconcile-settle-kept", { keptOrders }, ({ keptOrders }) => {
      return keptOrders.order_ids.length > 0
    }).then(() => settleKeptAuthorisationsWorkflow.runAsStep({ input: keptOrders }))
    const kept = reconcileKeptStep(
      transform({ target, keptOrders, settledKept }, ({ target, keptOrders, settledKept }) => ({
        target,
        order_ids: keptOrders.order_ids,
        settled: settledKept ?? [],
      })),
    )
    const report = configReportStep(
      transform(
        { target, found, applied, held, carts, books, unpaid, returned, kept },
        ({ target, returned, ...parts }) => ({
          config_id: target.config_id,
          parts: [
            parts.found,
            parts.applied,
            parts.held,
            parts.carts,
            parts.books,
            parts.unpaid,
            { changes: returned },
            parts.kept,
          ],
        }),
      ),
    )
    return new WorkflowResponse(report)
  },
)
