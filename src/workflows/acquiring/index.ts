export {
  adoptKeptAuthorisationWorkflow,
  recordKeptAuthorisationsWorkflow,
  releaseKeptAuthorisationWorkflow,
  settleKeptAuthorisationsWorkflow,
} from "./kept"
export {
  reconcileWorkflow,
  reconcileRunWorkflow,
  reconcileDiff,
  type ReconcileInput,
  type ReconcileReport,
  type ReconcileChange,
} from "./reconcile"
export {
  reviewDecisionsWorkflow,
  type ReviewDecisionInput,
  type ReviewOutcome,
  type ReviewDecisionsWorkflowInput,
} from "./review/decide"
export { applyReviewDecisionWorkflow } from "./review/apply-review-decision"
export { bulkCaptureWorkflow, bulkCancelWorkflow, bulkRefundWorkflow, type BulkWorkflowInput } from "./bulk/workflows"
export { captureFulfilledWorkflow, type CaptureFulfilledInput } from "./bulk/capture-fulfilled"
export { recordItemWorkflow } from "./items/record-item"
export type { RecordItem } from "../../lib/acquiring/items/record-item"
export type { BulkItem, BulkItemResult, BulkReport, BulkOptions } from "../../lib/acquiring/bulk/types"
export type { HeldPayment } from "../../lib/acquiring/review/map"
export { recordCaptureWorkflow, type RecordCaptureInput } from "./payments/record-capture"
export { recordGatewayRefundWorkflow, type GatewayRefundInput } from "./payments/record-refund"
export { settleOrphanWorkflow } from "./books/settle-orphan"
export { settleUnplaceableWorkflow, type SettleUnplaceableInput } from "./carts/settle-unplaceable"
export { saveSettingsWorkflow, SETTINGS_UPDATED, type SaveSettingsInput, type SaveSettingsResult } from "./settings"
