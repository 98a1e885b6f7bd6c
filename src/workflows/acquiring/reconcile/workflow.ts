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
 * The steps of a reconciliation, shared by the workflow run in place (the job, "sync now") and
 * the stored background run (background.ts): targets → payments' drift (reads only) → apply it →
 * open sessions (one read) → held reviews → open carts → the books' open gateway orders → orders
 * whose money and status disagree → kept authorisations → report.
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

/**
 * Ask the gateway about every open acquiring payment (and open cart, held review, kept
 * authorisation) and bring Medusa up to date; the result is the report of what changed.
 * Not stored: it runs in the caller's process and leaves no execution row behind.
 */
export const reconcileWorkflow = createWorkflow(RECONCILE_WORKFLOW, (input: WorkflowData<ReconcileInput>) => {
  return new WorkflowResponse(reconcileSteps(input))
})
