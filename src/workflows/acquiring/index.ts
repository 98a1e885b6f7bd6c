export { captureFulfilledOrders } from "./bulk/capture-fulfilled"
export { adoptKeptAuthorisationWorkflow, releaseKeptAuthorisationWorkflow, settleKeptAuthorisations } from "./kept"
export { reconcile, reconcileDiff, type ReconcileInput, type ReconcileReport, type ReconcileChange } from "./reconcile"
export {
  listHeldPayments,
  decideReviews,
  type ReviewDecisionInput,
  type ReviewOutcome,
  type HeldPayment,
} from "./review"
export { runBulk, type BulkItem, type BulkItemResult, type BulkReport, type BulkOptions } from "./bulk"
