export {
  adoptKeptAuthorisationWorkflow,
  recordKeptAuthorisationsWorkflow,
  releaseKeptAuthorisationWorkflow,
  settleKeptAuthorisationsWorkflow,
} from "./kept"
export {
  reconcileWorkflow,
  reconcileRunWorkflow,
  reconcile,
  reconcileDiff,
  type ReconcileInput,
  type ReconcileReport,
  type ReconcileChange,
} from "./reconcile"
export {
  listHeldPayments,
  decideReviews,
  reviewDecisionsWorkflow,
  type ReviewDecisionInput,
  type ReviewOutcome,
  type HeldPayment,
} from "./review"
export {
  bulkCaptureWorkflow,
  bulkCancelWorkflow,
  bulkRefundWorkflow,
  captureFulfilledWorkflow,
  captureFulfilledOrders,
  runBulk,
  type BulkItem,
  type BulkItemResult,
  type BulkReport,
  type BulkOptions,
} from "./bulk"
