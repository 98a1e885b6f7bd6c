// The package's `medusa-plugin-acquiring/workflows` entry: the workflows a store may run or compose.
export { createPayoutWorkflow, type CreatePayoutWorkflowInput } from "./payouts/create-payout"
export { adoptKeptAuthorisationWorkflow, type AdoptKeptInput } from "./acquiring/kept/adopt"
export { recordKeptAuthorisationsWorkflow } from "./acquiring/kept/record"
export { releaseKeptAuthorisationWorkflow, type ReleaseKeptInput } from "./acquiring/kept/release"
export { settleKeptAuthorisationsWorkflow } from "./acquiring/kept/settle"
export type { KeptSettled } from "../lib/acquiring/kept-release"
export { reconcileWorkflow } from "./acquiring/reconcile/workflow"
export { reconcileRunWorkflow } from "./acquiring/reconcile/background"
export { reconcileDiff } from "../lib/acquiring/reconcile/diff"
export type { ReconcileChange } from "../lib/acquiring/reconcile/change"
export type { ReconcileInput, ReconcileReport } from "../lib/acquiring/reconcile/report"
export {
  reviewDecisionsWorkflow,
  type ReviewDecisionInput,
  type ReviewOutcome,
  type ReviewDecisionsWorkflowInput,
} from "./acquiring/review/decide"
export { applyReviewDecisionWorkflow } from "./acquiring/review/apply-review-decision"
export {
  bulkCaptureWorkflow,
  bulkCancelWorkflow,
  bulkRefundWorkflow,
  type BulkWorkflowInput,
} from "./acquiring/bulk/workflows"
export { captureFulfilledWorkflow, type CaptureFulfilledInput } from "./acquiring/bulk/capture-fulfilled"
export { recordItemWorkflow } from "./acquiring/items/record-item"
export type { RecordItem } from "../lib/acquiring/items/record-item"
export type { BulkItem, BulkItemResult, BulkReport, BulkOptions } from "../lib/acquiring/bulk/types"
export type { HeldPayment } from "../lib/acquiring/review/map"
export { recordCaptureWorkflow, type RecordCaptureInput } from "./acquiring/payments/record-capture"
export { recordGatewayRefundWorkflow, type GatewayRefundInput } from "./acquiring/payments/record-refund"
export { settleOrphanWorkflow } from "./acquiring/books/settle-orphan"
export { settleUnplaceableWorkflow, type SettleUnplaceableInput } from "./acquiring/carts/settle-unplaceable"
export { saveSettingsWorkflow, SETTINGS_UPDATED, type SaveSettingsResult } from "./acquiring/settings/save-settings"
export type { SaveSettingsInput } from "./acquiring/settings/steps/check-settings"
