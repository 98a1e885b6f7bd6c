export { reconcile, type ReconcileInput, type ReconcileReport } from "./run"
export { reconcileDiff, type ReconcileAction } from "./diff"
export type { ReconcileChange } from "./apply"
export { requestReconcile, readRun, runRequested, RECONCILE_REQUESTED, type ReconcileRun } from "./background"
