import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { ORDER_MONEY_EVENTS } from "../../../lib/acquiring/order-money"
import type { ReconcileInput, ReconcileReport } from "./run"
import { applyPaymentDriftStep } from "./steps/apply-payment-drift"
import { findOpenSessionsStep } from "./steps/find-open-sessions"
import { findPaymentDriftStep } from "./steps/find-payment-drift"
import { loadReconcileTargetsStep } from "./steps/load-targets"
import { reconcileBooksStep } from "./steps/reconcile-books"
import { reconcileCartsStep } from "./steps/reconcile-carts"
import { reconcileHeldStep } from "./steps/reconcile-held"
import { reconcileKeptStep } from "./steps/reconcile-kept"
import { reconcileOrdersStep } from "./steps/reconcile-orders"
import { reportReconcileStep } from "./steps/report"

export const RECONCILE_WORKFLOW = "acquiring-reconcile"

/**
 * targets → drift → apply → open sessions → held reviews → open carts → books → orders whose money and
 * status disagree → kept authorisations → report. Shared by the in-place and background runs.
 */
export function reconcileSteps(
  input: WorkflowData<ReconcileInput>,
  opts: { stored?: boolean } = {},
): WorkflowData<ReconcileReport> {
  // Stored: the checkpoint as the first step starts is written, so a reader sees the run running.
  const loaded = opts.stored ? loadReconcileTargetsStep(input).config({ store: true }) : loadReconcileTargetsStep(input)
  const drift = findPaymentDriftStep({ input, targets: loaded.targets })
  const applied = applyPaymentDriftStep({ targets: loaded.targets, drift })
  const found = findOpenSessionsStep({ input, targets: loaded.targets, previous: applied })
  const held = reconcileHeldStep({ input, targets: loaded.targets, found })
  const carts = reconcileCartsStep({ input, targets: loaded.targets, found, previous: held })
  const books = reconcileBooksStep({ input, targets: loaded.targets, found, previous: carts })
  const orders = reconcileOrdersStep({ input, targets: loaded.targets, applied, previous: books })
  emitEventStep({
    eventName: ORDER_MONEY_EVENTS.unpaid,
    data: transform({ orders }, ({ orders }) => orders.flatMap((p) => p.unpaid)),
  }).config({ name: "acquiring-emit-order-unpaid" })
  const kept = reconcileKeptStep({ input, targets: loaded.targets, previous: orders })
  return reportReconcileStep({ loaded, steps: [drift, applied, found, held, carts, books, orders, kept] })
}

/** Not stored: it runs in the caller's process and leaves no execution row behind. */
export const reconcileWorkflow = createWorkflow(RECONCILE_WORKFLOW, (input: WorkflowData<ReconcileInput>) => {
  return new WorkflowResponse(reconcileSteps(input))
})
